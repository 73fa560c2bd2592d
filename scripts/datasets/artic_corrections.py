"""What generate.py may keep of the partially verified artic works, and the corrections it applies to them.

Sources (checked 2026-11-26): the museum's own data dump (art-institute-of-chicago/api-data, commit 20a4473,
getting-started/someArtworks.csv: id, title, accession number, department and artist title of about 300 works;
json/category-terms: the department terms), the museum's data-aggregator documentation (the artist ids of
Monet, van Gogh, Caillebotte and Hopper, each paired with the name), official artic.edu pages and the captured
payloads in reference/artic. A work is kept only if its artist id, accession number and department are all
confirmed there; docs/apis.md lists the works dropped for want of one of them.
"""

# Kept: artist id, accession number and department (id and title) confirmed for each.
KEPT = {
    111628,  # Nighthawks: Hopper 34996 (data-aggregator /artworks/111628/artists), 1942.51, Arts of the Americas
    28560,  # The Bedroom: van Gogh 40610, 1926.417, Painting and Sculpture of Europe
    20684,  # Paris Street; Rainy Day: Caillebotte 3829, 1964.336
    16568,  # Water Lilies: Monet 35809, 1933.1157
    16571,  # Arrival of the Normandy Train, Gare Saint-Lazare: Monet 35809, 1933.1158
    64818,  # Stacks of Wheat (End of Summer): Monet 35809, 1985.1103
    14598,  # The Beach at Sainte-Adresse: Monet 35809, 1933.439
    80607,  # Self-Portrait: van Gogh 40610, 1954.326
}

# Department ids by title, each pair shown by the dump's category terms or a captured record.
DEPARTMENTS = {
    "Arts of Africa": "PC-1",
    "Arts of the Americas": "PC-3",
    "Arts of Asia": "PC-7",
    "Contemporary Art": "PC-8",
    "Painting and Sculpture of Europe": "PC-10",
    "Prints and Drawings": "PC-13",
}

# internal_department_id by department, where real records pair them: Arts of the Americas is 21 in the dump's
# artworks 9 and 11 and in two captured API records (O'Keeffe 1969.835's list, a 2023 metalwork acquisition).
INTERNAL_DEPARTMENTS = {"PC-3": 21}

# Facts public sources show otherwise than the earlier dataset had them.
FIELDS = {
    20684: {"artist_id": 3829, "artist_ids": [3829]},
    # The current artic.edu page (credit line and date as the museum writes them).
    64818: {"credit_line": "Gift of Arthur M. Wood, Sr. in memory of Pauline Palmer Wood", "date_display": "1890/91"},
}

# Related-resource ids whose pairing with a title real records show (the dump's artworks 9 and 11, oil paintings
# like every kept work: classification TM-9, material TM-2451; artwork type 1). Every other such id of a kept work
# is unverified and emptied (docs/apis.md).
PAINTING = {"classification": ("TM-9", "painting"), "material": ("TM-2451", "oil paint (paint)"), "artwork_type": (1, "Painting")}

# `description` is the one field of a real artwork record under CC-BY rather than CC0 (the API's and the dump's
# info.license_text). Like the other records' descriptions, the whole records' are in Understudy's own words:
# these two for the dump's records that have one; 129884 and 209980 keep the ones the dataset already had.
DESCRIPTIONS = {
    16: "<p>A tall etching with drypoint of the war of the Giants against the gods of Olympus: Jupiter strikes from "
    "the clouds at the top and the Giants fall through the sheet below him. Salvator Rosa, who was also a painter, "
    "poet and actor, etched it in 1663.</p>\n",
    23: "<p>Luigi Rossini, an architect by training, etched the ancient Roman arch of Septimius Severus in 1820 as "
    "one of his views of the monuments of Rome, with a builder's attention to how the arch is made.</p>\n",
}
