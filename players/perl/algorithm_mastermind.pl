#!/usr/bin/perl
# Fields Algorithm::MasterMind (J. J. Merelo's Perl library, the one Merelo, Mora, Runarsson &
# Cotta's Evo++ runs on) through the referee protocol (PROTOCOL.md at the top of the repository).
#
# Usage: perl players/perl/algorithm_mastermind.pl [STRATEGY] [OPTION=VALUE ...]
#   STRATEGY  a class under Algorithm::MasterMind:: (default Evo)
#   OPTION    the strategy's options, e.g. pop_size=200 consistent_set_card=10; Evo's default
#             here is the library's Table II settings that peers/record uses.
# The library is not part of this repository: it is found where it was installed (CPAN:
# Algorithm::MasterMind, Algorithm::Evolutionary, String::MMM), or on PERL5LIB.
# Each game runs with srand(seed) from the referee's `game` line, in a fresh process (`ready
# process per-game`: a game of the library depends on the games its process played before, so
# that only a fresh process plays the same game from the same seed), and Perl's hash order is
# fixed (PERL_HASH_SEED=0). Evaluations are the library's own count (`evaluated`), per guess.
use strict;
use warnings;

# A fixed hash order, set before anything is hashed: restart once with it.
if ( !defined $ENV{PERL_HASH_SEED} ) {
  $ENV{PERL_HASH_SEED}    = 0;
  $ENV{PERL_PERTURB_KEYS} = 0;
  exec( $^X, $0, @ARGV ) or die "cannot restart $0: $!\n";
}

my $strategy = ( @ARGV && $ARGV[0] !~ /=/ ) ? shift @ARGV : 'Evo';
die "not a strategy name: $strategy\n" unless $strategy =~ /^\w+$/;
my %defaults = (
  Evo => {
    pop_size            => 400,
    consistent_set_card => 30,
    replacement_rate    => 0.75,
    tournament_size     => 2,
    xover_rate          => 1,
    mutation_rate       => 1,
    permutation_rate    => 1,
  },
);
my %options = %{ $defaults{$strategy} || {} };
for my $pair (@ARGV) {
  my ( $key, $value ) = split /=/, $pair, 2;
  die "options are KEY=VALUE, not $pair\n" unless defined $value;
  $options{$key} = $value;
}

my $class = "Algorithm::MasterMind::$strategy";
for my $module ( 'Algorithm::MasterMind', $class ) {
  next if eval "require $module; 1";
  my $why = ( split /\n/, $@ )[0];
  print STDERR "$module is not installed ($why). Install Algorithm::MasterMind, "
    . "Algorithm::Evolutionary and String::MMM from CPAN, or put them on PERL5LIB.\n";
  exit 1;
}

# The library prints its progress on the standard output: the protocol gets its own handle.
open( my $out, '>&', \*STDOUT ) or die "dup: $!\n";
open( STDOUT, '>', '/dev/null' ) or die "redirect: $!\n";
$out->autoflush(1);

my $hello = <STDIN>;
exit 0 unless defined $hello;
my ( $word, @pairs ) = split ' ', $hello;
die "expected hello, got: $hello" unless $word eq 'hello';
my %game = @pairs;
die "this player speaks protocol version 1, the referee $game{version}\n" unless $game{version} eq '1';
die "Algorithm::MasterMind plays games with repeated colours only\n" unless $game{repeats} eq 'yes';
die "at most 26 colours\n" if $game{colours} > 26;
my @alphabet = ( 'A' .. 'Z' )[ 0 .. $game{colours} - 1 ];
( my $name = lc "perl-algorithm-mastermind-$strategy" ) =~ s/_/-/g;
print $out "ready version 1 name $name process per-game\n";

my ( $solver, $playing, $counted );
sub guess {
  my ( $id, $move ) = @_;
  my $evaluated = $solver->evaluated // 0;
  printf $out "guess %s %s evaluations %d\n", $id, $move, $evaluated - $counted;
  $counted = $evaluated;
}
while ( my $line = <STDIN> ) {
  my ( $kind, $id, @rest ) = split ' ', $line;
  next unless defined $kind;
  if ( $kind eq 'game' ) {
    my %fields = @rest;
    srand( $fields{seed} );
    $solver  = $class->new( { alphabet => [@alphabet], length => $game{pegs}, %options } );
    $playing = $id;
    $counted = 0;
    guess( $id, $solver->issue_first );
  } elsif ( $kind eq 'reply' ) {
    die "a reply for game $id while game $playing is in play\n" unless $id eq $playing;
    $solver->feedback( { blacks => $rest[0], whites => $rest[1] } );
    my $move = $solver->issue_next;
    die "the library gave no guess\n" unless defined $move;
    guess( $id, $move );
  } elsif ( $kind eq 'end' ) {
    undef $solver;
  } else {
    die "unknown message: $line";
  }
}
