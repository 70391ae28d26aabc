"""gamewright: exact, seeded rules engines for four game designs, and a lab to play, test and balance them."""

__version__ = "0.1.0"
