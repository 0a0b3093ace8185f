"""Research adapters: OpenSpiel, PettingZoo and Gymnasium (the ``scarab[rl]`` extra).

The engine never imports this package; it depends on the engine and on numpy.
"""
