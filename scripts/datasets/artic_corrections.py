"""Identifiers of the artworks corrected from public captures of the real API (2026-11-26).

Each value was found in another project's captured response, test fixture or the museum's own documentation, tied
to the artwork (or, for a department, its id paired with its title), with the number of independent sources. What no
source showed is listed as unverified in docs/apis.md. Used by generate.py.
"""

# Department ids by title, where a captured response pairs them (sources in the comment).
DEPARTMENTS = {
    "Arts of the Americas": "PC-3",  # 3
    "Arts of Asia": "PC-7",  # 1, and the API's department list
    "Contemporary Art": "PC-8",  # 2
    "Prints and Drawings": "PC-13",  # 1
    "Arts of Greece, Rome, and Byzantium": "PC-4",  # the API's department list
}
# Titles as the API spells the department.
DEPARTMENT_TITLES = {"Arts of the Ancient Mediterranean and Byzantium": "Arts of Greece, Rome, and Byzantium"}

FIELDS = {
    27992: {"date_display": "1884–86, border added 1888–89"},  # 4
    20684: {"artist_id": 3829, "artist_ids": [3829]},  # 1, the museum's data-aggregator docs
    34181: {"artist_id": 15965, "artist_ids": [15965]},  # 1, the museum's data-aggregator docs
    129884: {  # a full captured response, 2
        "artist_id": 44708,
        "artist_ids": [44708],
        "department_title": "Contemporary Art",
        "credit_line": "Purchased with funds provided by Mary P. Hines in memory of her mother, Frances W. Pick",
    },
    122449: {"main_reference_number": "1946.440.4", "credit_line": "Gift of the Print and Drawing Club"},  # a full captured response
}
