"""The referee protocol (PROTOCOL.md at the top of the repository) for Python players.

Standard library only. A player is a class with three methods:

    start(seed)              -> (code, evaluations)   the first guess of a new game
    reply(black, white)      -> (code, evaluations)   the next guess after a reply
    end()                                              the game is over (optional)

and `run(make_player, name)` speaks the protocol on standard input and output: it reads
`hello`, calls `make_player(game)` once, answers `ready`, then makes one player object per game
(`make_player(game)` is called again for each game only if it returns a class; see `run`).
`evaluations` may be None when the player does not count them.
"""

import sys
from collections import namedtuple
from itertools import permutations, product
from operator import eq

Game = namedtuple("Game", "pegs colours repeats max_guesses")


def codes(game):
    """Every code of the game as a string, in lexicographic order (A < B < ...)."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: game.colours]
    if game.repeats:
        return ["".join(c) for c in product(alphabet, repeat=game.pegs)]
    return ["".join(c) for c in permutations(alphabet, game.pegs)]


def score(secret, guess):
    """Black pegs (right colour, right place) and white pegs (right colour, wrong place)."""
    black = sum(1 for s, g in zip(secret, guess) if s == g)
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def consistent(candidates, guess, black, white):
    """The candidates that would have given `guess` the reply (black, white): the same feedback
    as `score`, with the guess's colour counts taken once for the whole list, and the black pegs,
    cheaper, checked first."""
    guess_counts = [(c, guess.count(c)) for c in set(guess)]
    both = black + white
    kept = []
    for code in candidates:
        if sum(map(eq, code, guess)) != black:
            continue
        if sum(min(code.count(c), n) for c, n in guess_counts) == both:
            kept.append(code)
    return kept


def _read_hello(line):
    words = line.split()
    if not words or words[0] != "hello":
        raise SystemExit("expected hello, got %r" % line)
    fields = dict(zip(words[1::2], words[2::2]))
    if fields.get("version") != "1":
        raise SystemExit("this player speaks protocol version 1, the referee %s" % fields.get("version"))
    return Game(
        pegs=int(fields["pegs"]),
        colours=int(fields["colours"]),
        repeats=fields["repeats"] == "yes",
        max_guesses=int(fields["max-guesses"]),
    )


def _say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _guess(game_id, answer):
    code, evaluations = answer
    if evaluations is None:
        _say("guess %s %s" % (game_id, code))
    else:
        _say("guess %s %s evaluations %d" % (game_id, code, evaluations))


def run(make_player, name):
    """Answers the referee until standard input ends. `make_player(game)` returns the player
    object of one game; it is called at each `game` message."""
    hello = sys.stdin.readline()
    if not hello:
        return
    game = _read_hello(hello)
    _say("ready version 1 name %s" % name)
    player, playing = None, None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind, game_id = words[0], words[1]
        if kind == "game":
            fields = dict(zip(words[2::2], words[3::2]))
            player, playing = make_player(game), game_id
            _guess(game_id, player.start(int(fields["seed"])))
        elif kind == "reply":
            if game_id != playing:
                raise SystemExit("a reply for game %s while game %s is in play" % (game_id, playing))
            _guess(game_id, player.reply(int(words[2]), int(words[3])))
        elif kind == "end":
            if hasattr(player, "end"):
                player.end()
            player, playing = None, None
        else:
            raise SystemExit("unknown message: %r" % line)
