"""The opponent policy's development tools (docs/bots.md, "Reading the opponents").

``python -m tools.policy.record`` plays seeded rounds between bot levels and writes every
decision with a choice; ``python -m tools.policy.train`` fits the policy model on them with
numpy (the ``train`` extra) and writes the JSON weights that `shared.bots.policy_model` reads;
``python -m tools.policy.check`` measures a model: its top-1 agreement with the recorded plays
and the likelihood ratio it gives the hand really held. Nothing in the game imports them.
"""
