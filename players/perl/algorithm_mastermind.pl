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
# Each game runs with srand(seed) from the referee's `game` line in a process of its own, since a
# game of the library depends on the games its process played before: this process loads the
# library once and forks a child for every game, which plays it from the state a freshly started
# process would have (so the same game from the same seed) without paying Perl's start-up and the
# library's loading again. Perl's hash order is fixed (PERL_HASH_SEED=0). Both processes read the
# protocol's lines a byte at a time, so that neither takes a line meant for the other. Evaluations
# are the library's own count (`evaluated`), per guess.
use strict;
use warnings;
use POSIX ();

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

# One line of the standard input, read without a buffer (see the header); undef at its end.
sub read_line {
  my $line = '';
  while (1) {
    my $got = sysread( STDIN, my $byte, 1 );
    die "read: $!\n" unless defined $got;
    return length $line ? $line : undef if $got == 0;
    $line .= $byte;
    return $line if $byte eq "\n";
  }
}

my $hello = read_line();
exit 0 unless defined $hello;
my ( $word, @pairs ) = split ' ', $hello;
die "expected hello, got: $hello" unless $word eq 'hello';
my %game = @pairs;
die "this player speaks protocol version 1, the referee $game{version}\n" unless $game{version} eq '1';
die "Algorithm::MasterMind plays games with repeated colours only\n" unless $game{repeats} eq 'yes';
die "at most 26 colours\n" if $game{colours} > 26;
my @alphabet = ( 'A' .. 'Z' )[ 0 .. $game{colours} - 1 ];
( my $name = lc "perl-algorithm-mastermind-$strategy" ) =~ s/_/-/g;
print $out "ready version 1 name $name\n";

# Plays the game `$id` with `seed` in this (forked) process until its `end`, then exits.
sub play {
  my ( $id, %fields ) = @_;
  srand( $fields{seed} );
  my $solver  = $class->new( { alphabet => [@alphabet], length => $game{pegs}, %options } );
  my $counted = 0;
  my $guess   = sub {
    my ($move) = @_;
    die "the library gave no guess\n" unless defined $move;
    my $evaluated = $solver->evaluated // 0;
    printf $out "guess %s %s evaluations %d\n", $id, $move, $evaluated - $counted;
    $counted = $evaluated;
  };
  $guess->( $solver->issue_first );
  while ( defined( my $line = read_line() ) ) {
    my ( $kind, $for, @rest ) = split ' ', $line;
    next unless defined $kind;
    POSIX::_exit(0) if $kind eq 'end';
    die "unknown message: $line" unless $kind eq 'reply';
    die "a reply for game $for while game $id is in play\n" unless $for eq $id;
    $solver->feedback( { blacks => $rest[0], whites => $rest[1] } );
    $guess->( $solver->issue_next );
  }
  POSIX::_exit(0);
}

while ( defined( my $line = read_line() ) ) {
  my ( $kind, $id, @rest ) = split ' ', $line;
  next unless defined $kind;
  die "unknown message: $line" unless $kind eq 'game';
  my $child = fork() // die "fork: $!\n";
  if ( $child == 0 ) {
    # A library error ends the child: say it, and exit with failure.
    eval { play( $id, @rest ); 1 } or do { print STDERR $@; POSIX::_exit(1) };
  }
  waitpid( $child, 0 );
  # The game died in the child: the referee sees the missing guess, and this process ends too,
  # with failure.
  exit 1 if $? != 0;
}
