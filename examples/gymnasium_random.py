"""Gymnasium: one Pyramids seat, played by random legal ids, against two greedy bots."""

import numpy as np

from scarab.adapters.gymnasium import ScarabEnv

e = ScarabEnv("pyramids", players=3, opponents="greedy", render_mode="ansi")
obs, info = e.reset(seed=3)
rng = np.random.default_rng(3)
steps, terminated = 0, False
while not terminated:
    action = int(rng.choice(info["legal"]))  # or np.flatnonzero(obs["action_mask"])
    obs, reward, terminated, truncated, info = e.step(action)
    steps += 1

print(e.render())
print(f"{steps} steps; reward {reward} (1 if our seat won)")
