"""PettingZoo: four random players in Horus, choosing among the masked legal ids."""

import numpy as np

from scarab.adapters.pettingzoo import env

e = env("horus", players=4, render_mode="ansi")
e.reset(seed=7)
rng = np.random.default_rng(7)
rewards = dict.fromkeys(e.possible_agents, 0.0)
for agent in e.agent_iter():
    obs, reward, terminated, truncated, info = e.last()
    rewards[agent] += reward  # 1 at the end for each winner, else 0
    if terminated or truncated:
        action = None  # the game is over: agents leave one by one
    else:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
    e.step(action)

print(e.render())
print("rewards:", rewards)
