#!/usr/bin/env python3
"""Knuth's player (1976): each guess is the code whose largest part (the most secrets left after
any one reply) is smallest; among equals a code that could be the secret, then the first in
code order. At 4x6 it opens with AABB and needs 5801 guesses over the 1296 secrets.

Deterministic, so the guess after each history is kept for the process's later games (the
scores of a code against every code, too): the first game builds what the others reuse.
Evaluations are the codes it examines for a guess (every code of the game, scored against the
secrets left) and the secrets checked against the latest reply, the same count whether the
guess was computed or remembered, so the rows do not depend on which process played them.
Run it through the referee: `mastermind referee -- python3 players/python/knuth.py`.
"""

from mastermind_protocol import codes, run, score


class Tables:
    """A game's codes and the replies between them, made as needed."""

    def __init__(self, game):
        self.codes = codes(game)
        self.pegs = game.pegs
        self.rows = {}
        self.chosen = {}

    def row(self, i):
        """The reply of code i to every code, as small integers."""
        if i not in self.rows:
            guess, width = self.codes[i], self.pegs + 1
            self.rows[i] = [b * width + w for b, w in (score(c, guess) for c in self.codes)]
        return self.rows[i]

    def choose(self, secrets):
        """Knuth's guess for the secrets left (their indices, in code order)."""
        if len(secrets) == 1:
            return secrets[0]
        possible = set(secrets)
        best, best_key = None, None
        for i in range(len(self.codes)):
            row = self.row(i)
            parts = {}
            largest = 0
            for s in secrets:
                r = row[s]
                n = parts.get(r, 0) + 1
                parts[r] = n
                if n > largest:
                    largest = n
            key = (largest, i not in possible)
            if best_key is None or key < best_key:
                best, best_key = i, key
        return best


class Knuth:
    tables = {}

    def __init__(self, game):
        if game not in Knuth.tables:
            Knuth.tables[game] = Tables(game)
        self.t = Knuth.tables[game]
        self.secrets = list(range(len(self.t.codes)))
        self.history = ()

    def guess(self, examined):
        if self.history not in self.t.chosen:
            self.t.chosen[self.history] = self.t.choose(self.secrets)
        self.last = self.t.chosen[self.history]
        evaluations = examined + (len(self.t.codes) if len(self.secrets) > 1 else 0)
        return self.t.codes[self.last], evaluations

    def start(self, seed):
        return self.guess(0)

    def reply(self, black, white):
        reply = black * (self.t.pegs + 1) + white
        row = self.t.row(self.last)
        examined = len(self.secrets)
        self.secrets = [s for s in self.secrets if row[s] == reply]
        if not self.secrets:
            raise SystemExit("no code is consistent with the replies")
        self.history += ((self.last, reply),)
        return self.guess(examined)


if __name__ == "__main__":
    run(Knuth, "python-knuth")
