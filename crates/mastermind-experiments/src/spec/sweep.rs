//! Sweeps: a configuration with one field, found at any depth, set to a new value.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The player with the field `parameter` (found at any depth) set to `value`, or the names of
/// the fields that exist if it is not found.
pub fn with_parameter<T: Serialize + DeserializeOwned>(
    config: &T,
    parameter: &str,
    value: f64,
) -> Result<T, String> {
    let mut json = serde_json::to_value(config).map_err(|e| e.to_string())?;
    let number = if value.fract() == 0.0 && value.abs() < 9e15 {
        if value >= 0.0 { Value::from(value as u64) } else { Value::from(value as i64) }
    } else {
        Value::from(value)
    };
    if !replace_field(&mut json, parameter, &number) {
        let mut names = Vec::new();
        field_names(&json, &mut names);
        names.sort();
        names.dedup();
        return Err(format!(
            "the configuration has no field `{parameter}` (write the field in the configuration first, \
             even inside an optional section); its fields are: {}",
            names.join(", ")
        ));
    }
    serde_json::from_value(json).map_err(|e| format!("`{parameter}` = {value}: {e}"))
}

fn replace_field(json: &mut Value, name: &str, value: &Value) -> bool {
    match json {
        Value::Object(map) => {
            if let Some(slot) = map.get_mut(name) {
                *slot = value.clone();
                return true;
            }
            map.values_mut().any(|v| replace_field(v, name, value))
        }
        Value::Array(items) => items.iter_mut().any(|v| replace_field(v, name, value)),
        _ => false,
    }
}

fn field_names(json: &Value, out: &mut Vec<String>) {
    match json {
        Value::Object(map) => {
            for (k, v) in map {
                if !k.chars().next().is_some_and(char::is_uppercase) {
                    out.push(k.clone());
                }
                field_names(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| field_names(v, out)),
        _ => {}
    }
}
