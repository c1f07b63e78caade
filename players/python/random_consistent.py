#!/usr/bin/env python3
"""Random consistent play: each guess is drawn uniformly from the codes that could still be the
secret, with a generator seeded by the game's seed (so the same seed plays the same game).

Evaluations are the codes checked against the latest reply, one each, as the lab counts them.
Run it through the referee: `mastermind referee -- python3 players/python/random_consistent.py`.
"""

import random

from mastermind_protocol import codes, consistent, run


class RandomConsistent:
    # Every code of the game, made once per process and shared by its games.
    all_codes = {}

    def __init__(self, game):
        if game not in RandomConsistent.all_codes:
            RandomConsistent.all_codes[game] = codes(game)
        self.candidates = RandomConsistent.all_codes[game]

    def start(self, seed):
        self.rng = random.Random(seed)
        self.last = self.rng.choice(self.candidates)
        return self.last, 0

    def reply(self, black, white):
        examined = len(self.candidates)
        self.candidates = consistent(self.candidates, self.last, black, white)
        if not self.candidates:
            raise SystemExit("no code is consistent with the replies")
        self.last = self.rng.choice(self.candidates)
        return self.last, examined


if __name__ == "__main__":
    run(RandomConsistent, "python-random-consistent")
