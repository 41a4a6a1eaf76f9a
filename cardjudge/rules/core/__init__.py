"""The game-agnostic core: the game contract, the frozen state, expressions, choices, lasting
effects, the canonical key and digest, and the engine that reaches each game through the registry."""
