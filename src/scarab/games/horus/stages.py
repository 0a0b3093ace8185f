"""Names for where an adventurer stands in the game and where the round stands."""

# Per-seat adventurer status.
UNCHOSEN, WAITING, INSIDE, ESCAPED, SEALED, CRUSHED, MUMMY = range(7)
STATUS_NAMES = ("unchosen", "waiting", "inside", "escaped", "sealed", "crushed", "mummy")
ACTIVE = (WAITING, INSIDE)
# Stages of the round: the rulebook's phases 1, 3, 4, 5 and 6 (phase 2, the action
# roll, happens as phase 3 starts).
SETUP, ADJUST, ACTIONS, MUMMIES, BLOCK, PASS, OVER = range(7)
STAGE_NAMES = ("setup", "adjust", "actions", "mummies", "block", "pass", "over")
# Interruptions waiting in state.pending: (kind, seat, argument).
P_TOUCH, P_DANGER, P_JUMP, P_BLOCKCARD, P_OVERFLOW, P_FORESEE, P_SEAL = range(7)
PENDING_NAMES = ("touch", "danger", "jump", "block card", "overflow", "foresee", "seal")
