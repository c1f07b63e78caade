#!/usr/bin/perl
# Records games of Evo++ as the authors' own library plays them (Algorithm::MasterMind::Evo, on
# Algorithm::Evolutionary), in the CSV format the lab reads as an arm's recorded games:
# `#` lines of provenance, the header `secret,guesses,evaluations,seconds`, a line per game.
#
# Usage: record-evo.pl PEGS COLOURS GAMES SEED POPULATION CONSISTENT_SET REPLACEMENT \
#                      TOURNAMENT XOVER MUTATION PERMUTATION > file.csv
# The settings are the library's options (pop_size, consistent_set_card, replacement_rate,
# tournament_size, xover_rate, mutation_rate, permutation_rate). Secrets are drawn uniformly
# (with replacement) from srand(SEED); game i then runs with srand(SEED + 1 + i), which the
# library's random choices use. Evaluations are the library's own count (`evaluated`).
# Run through ./record, which fixes Perl's hash order and checks the library is installed.
use strict;
use warnings;

use Time::HiRes qw(time);
use Algorithm::MasterMind qw(check_combination);
use Algorithm::MasterMind::Evo;

my @names = qw(pegs colours games seed population consistent_set replacement tournament
  xover mutation permutation);
die "usage: $0 " . join( ' ', map {uc} @names ) . "\n" unless @ARGV == @names;
my %arg;
@arg{@names} = @ARGV;
die "colours must be 2..26\n" unless $arg{colours} >= 2 && $arg{colours} <= 26;

my @alphabet = ( 'A' .. 'Z' )[ 0 .. $arg{colours} - 1 ];
my %options = (
  alphabet            => [@alphabet],
  length              => $arg{pegs},
  pop_size            => $arg{population},
  consistent_set_card => $arg{consistent_set},
  replacement_rate    => $arg{replacement},
  tournament_size     => $arg{tournament},
  xover_rate          => $arg{xover},
  mutation_rate       => $arg{mutation},
  permutation_rate    => $arg{permutation},
);

srand( $arg{seed} );
my @secrets = map {
  join '', map { $alphabet[ int rand @alphabet ] } 1 .. $arg{pegs}
} 1 .. $arg{games};

# The library prints its progress on the standard output: keep ours apart.
open( my $out, '>&', \*STDOUT ) or die "dup: $!";
open( STDOUT, '>', '/dev/null' ) or die "redirect: $!";
$out->autoflush(1);

printf $out "# program: Algorithm::MasterMind %s, Algorithm::MasterMind::Evo %s, Algorithm::Evolutionary %s\n",
  $Algorithm::MasterMind::VERSION, $Algorithm::MasterMind::Evo::VERSION,
  ( eval { require Algorithm::Evolutionary; $Algorithm::Evolutionary::VERSION } // 'unknown' );
printf $out "# perl: %vd\n", $^V;
print $out "# options: ", join( ', ', map {"$_ = $options{$_}"} grep { $_ ne 'alphabet' } sort keys %options ), "\n";
print $out "# secrets: $arg{games} drawn uniformly with replacement from srand($arg{seed}); game i runs with srand($arg{seed} + 1 + i)\n";
print $out "# evaluations: the library's own count (`evaluated`) at the end of each game\n";
print $out "secret,guesses,evaluations,seconds\n";

for my $i ( 0 .. $#secrets ) {
  my $secret = $secrets[$i];
  srand( $arg{seed} + 1 + $i );
  my $t0     = time;
  my $solver = Algorithm::MasterMind::Evo->new( {%options} );
  my $move   = $solver->issue_first;
  my $n      = 1;
  while ( $move ne $secret ) {
    $solver->feedback( check_combination( $secret, $move ) );
    $move = $solver->issue_next;
    $n++;
    die "no solution for $secret after $n guesses\n" if $n > 100 || !defined $move;
  }
  printf $out "%s,%d,%d,%.6f\n", $secret, $n, $solver->evaluated, time - $t0;
}
