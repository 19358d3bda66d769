"""Game-independent building blocks shared by every game of the family."""
