"""OpenSpiel: MCTS (seat 0) against a uniform random player in Luxor."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from scarab.adapters import openspiel

openspiel.register()
game = pyspiel.load_game("scarab_luxor", {"players": 2})
rng = np.random.RandomState(0)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=16, evaluator=evaluator, random_state=rng)

state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():  # the setup seed, then every die roll
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    elif state.current_player() == 0:
        state.apply_action(bot.step(state))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))

print("moves:", len(state.history()), "returns (MCTS, random):", state.returns())
