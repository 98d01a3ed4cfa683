"""The two roles of a deal, numbered once for every table and kernel: the pone is 0 and the
dealer 1. Arrays indexed by role (pegging statistics, the evolved discarder's values, the
weights table, the expert's win table, toss and crib models) all use these numbers.

>>> role_of(True), ROLE_NAMES[DEALER]
(1, 'dealer')
"""

PONE = 0
DEALER = 1
ROLE_NAMES = ("pone", "dealer")

# a table file's sidecar says which numbering it uses; files from before it (no "roles"
# entry) numbered the dealer 0 in the pegging statistics and the evolved values
ROLES_FORMAT = "pone=0,dealer=1"


def role_of(is_dealer: bool) -> int:
    """DEALER for the dealer, PONE for the pone."""
    return DEALER if is_dealer else PONE
