//! Numbers that differ between the quick and the full profile.

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which sample sizes to run: a quick check in minutes, or the papers' own sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Profile {
    /// Small samples: every spec finishes in seconds to a minute.
    #[default]
    Quick,
    /// The papers' sample sizes.
    Full,
}

impl Profile {
    /// The profile's name as used in file names and manifests.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Quick => "quick",
            Profile::Full => "full",
        }
    }
}

/// A number written either once (`10`) or per profile (`(quick: 2, full: 10)`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Scaled<T> {
    /// The value in the quick profile.
    pub quick: T,
    /// The value in the full profile.
    pub full: T,
}

impl<T: Copy> Scaled<T> {
    /// The same value in both profiles.
    pub fn both(value: T) -> Scaled<T> {
        Scaled { quick: value, full: value }
    }

    /// The value for `profile`.
    pub fn get(&self, profile: Profile) -> T {
        match profile {
            Profile::Quick => self.quick,
            Profile::Full => self.full,
        }
    }
}

impl<'de, T> Deserialize<'de> for Scaled<T>
where
    T: Deserialize<'de> + Copy,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ScaledVisitor<T>(std::marker::PhantomData<T>);

        impl<'de, T: Deserialize<'de> + Copy> Visitor<'de> for ScaledVisitor<T> {
            type Value = Scaled<T>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, or `(quick: n, full: m)`")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                let value = T::deserialize(de::value::U64Deserializer::new(v))?;
                Ok(Scaled::both(value))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                let value = T::deserialize(de::value::I64Deserializer::new(v))?;
                Ok(Scaled::both(value))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
                let value = T::deserialize(de::value::F64Deserializer::new(v))?;
                Ok(Scaled::both(value))
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let (mut quick, mut full) = (None, None);
                // Each value is read as any number first, so that `1.0` where a whole number
                // belongs is named as a fraction rather than as a syntax error.
                let value = |number: Number| -> Result<T, A::Error> {
                    match number {
                        Number::Unsigned(v) => T::deserialize(de::value::U64Deserializer::new(v)),
                        Number::Signed(v) => T::deserialize(de::value::I64Deserializer::new(v)),
                        Number::Float(v) => T::deserialize(de::value::F64Deserializer::new(v)),
                    }
                };
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "quick" => quick = Some(value(map.next_value()?)?),
                        "full" => full = Some(value(map.next_value()?)?),
                        other => return Err(de::Error::unknown_field(other, &["quick", "full"])),
                    }
                }
                Ok(Scaled {
                    quick: quick.ok_or_else(|| de::Error::missing_field("quick"))?,
                    full: full.ok_or_else(|| de::Error::missing_field("full"))?,
                })
            }
        }

        deserializer.deserialize_any(ScaledVisitor(std::marker::PhantomData))
    }
}

/// A number as written, before it is converted to the field's type.
enum Number {
    Unsigned(u64),
    Signed(i64),
    Float(f64),
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NumberVisitor;

        impl Visitor<'_> for NumberVisitor {
            type Value = Number;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Number, E> {
                Ok(Number::Unsigned(v))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Number, E> {
                Ok(Number::Signed(v))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Number, E> {
                Ok(Number::Float(v))
            }
        }

        deserializer.deserialize_any(NumberVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_forms() {
        let one: Scaled<u32> = ron::from_str("10").unwrap();
        assert_eq!(one, Scaled::both(10));
        let two: Scaled<u32> = ron::from_str("(quick: 2, full: 10)").unwrap();
        assert_eq!((two.get(Profile::Quick), two.get(Profile::Full)), (2, 10));
        assert!(ron::from_str::<Scaled<u32>>("(quick: 2, ful: 10)").is_err());
        assert!(ron::from_str::<Scaled<u32>>("(quick: 2)").is_err());
    }
}
