#!/usr/bin/env python3
"""Writes Understudy's catfact and artic datasets at real scale.

catfact: the original facts plus facts/catfact_extra.py (332 in all, the project's own words) and the
98 breeds of breeds.py. artic: the original hand-written artworks plus the works of artworks_extra.py,
given every field of the real API. Titles, artists, dates, media and departments are facts about the
Art Institute of Chicago's collection as best known; ids from 900001 and artist ids from 990001 are
Understudy's own (the real ones were not at hand), as are the descriptions. Run from the repository root:
    python3 scripts/datasets/generate.py
"""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
import artworks_extra, breeds, catfact_extra

ROOT = "scenarios/data"

def write_lines(path, items):
    """A JSON array with one item per line (the loader reports problems by line)."""
    with open(path, "w", encoding="utf-8") as out:
        out.write("[\n")
        out.write(",\n".join("  " + json.dumps(item, ensure_ascii=False, separators=(", ", ": ")) for item in items))
        out.write("\n]\n")

# catfact ------------------------------------------------------------------
facts = json.load(open(f"{ROOT}/catfact/facts.json", encoding="utf-8"))[:67]
facts += [f for f in catfact_extra.FACTS if f not in facts][: 332 - len(facts)]
assert len(facts) == 332 and len(set(facts)) == 332
with open(f"{ROOT}/catfact/facts.json", "w", encoding="utf-8") as out:
    json.dump(facts, out, ensure_ascii=False, indent=2); out.write("\n")
breed_items = [dict(zip(["breed", "country", "origin", "coat", "pattern"], line.split("|"))) for line in breeds.BREEDS]
assert len(breed_items) == 98
with open(f"{ROOT}/catfact/breeds.json", "w", encoding="utf-8") as out:
    json.dump(breed_items, out, ensure_ascii=False, indent=2); out.write("\n")

# artic --------------------------------------------------------------------
original = json.load(open(f"{ROOT}/artic/artworks.json", encoding="utf-8"))[:37]
template = original[1]
DEPARTMENTS = {"PC-1": ("Arts of Africa", 18), "PC-4": ("Arts of Asia", 11), "PC-5": ("Arts of the Ancient Mediterranean and Byzantium", 8),
               "PC-8": ("Contemporary Art", 246), "PC-9": ("Arts of the Americas", 10), "PC-10": ("Painting and Sculpture of Europe", 21),
               "PC-11": ("Modern Art", 245), "PC-12": ("Photography and Media", 14), "PC-13": ("Prints and Drawings", 3)}
TYPES = {"Painting": 1, "Photograph": 2, "Sculpture": 3, "Print": 18, "Drawing and Watercolor": 14, "Glass": 10, "Funerary Object": 47}
VERBS = {"Painting": "made", "Photograph": "made", "Sculpture": "made", "Print": "made", "Drawing and Watercolor": "drew",
         "Glass": "designed", "Funerary Object": "made"}

def public_domain(display):
    years = [int(y) for y in re.findall(r"\b(\d{4})\b", display)]
    if "born" in display and len(years) == 1 and display.strip().endswith(str(years[0])):
        return False  # living artist
    return not years or years[-1] < 1955

def describe(title, artist, type_title, date, medium, subjects, dept):
    who = artist if not artist.startswith(("Ancient", "Chola", "Bamana")) else "An unknown maker"
    verb = VERBS[type_title]
    short = f"{who} {verb} this {type_title.lower()} ({date}) in {medium[0].lower() + medium[1:]}."
    notes = [artworks_extra.SUBJECT_NOTES[s] for s in subjects if s in artworks_extra.SUBJECT_NOTES][:2]
    listed = ", ".join(subjects[:3])
    body = f"<p>{short} Look for {listed} in it.{(' ' + ' '.join(notes)) if notes else ''}</p>\n<p>It is kept by the department of {dept}.</p>\n"
    return body, short

artworks = list(original)
next_id = 900001
for line in artworks_extra.ROWS.strip().splitlines():
    title, key, start, end, date, medium, dept, type_title, subjects = line.split("|")
    medium = {"W": artworks_extra.W, "CAP": artworks_extra.CAP}.get(medium, medium)
    subjects = subjects.split(",")
    artist, artist_id, life, place = artworks_extra.ARTISTS[key]
    dept_title, internal_id = DEPARTMENTS[dept]
    description, short = describe(title, artist, type_title, date, medium, subjects, dept_title)
    pd = public_domain(life)
    item = {}
    for field, value in template.items():
        item[field] = value
    item.update({
        "id": next_id, "api_link": f"https://api.artic.edu/api/v1/artworks/{next_id}", "is_boosted": False, "title": title,
        "alt_titles": None, "thumbnail": None, "main_reference_number": f"understudy.{next_id}", "has_not_been_viewed_much": True,
        "boost_rank": None, "date_start": int(start), "date_end": int(end), "date_display": date, "date_qualifier_title": "",
        "date_qualifier_id": None, "artist_display": f"{artist}\n{life}", "place_of_origin": place, "description": description,
        "short_description": short, "dimensions": None, "dimensions_detail": [], "medium_display": medium, "inscriptions": None,
        "credit_line": None, "catalogue_display": None, "publication_history": None, "exhibition_history": None,
        "provenance_text": None, "edition": None, "publishing_verification_level": "Web Basic", "internal_department_id": internal_id,
        "fiscal_year": None, "fiscal_year_deaccession": None, "is_public_domain": pd, "is_zoomable": pd, "max_zoom_window_size": -1 if pd else 843,
        "copyright_notice": None if pd else f"© {artist}", "has_multimedia_resources": False, "has_educational_resources": False,
        "has_advanced_imaging": False, "colorfulness": None, "color": None, "latitude": None, "longitude": None, "latlon": None,
        "is_on_view": False, "on_loan_display": None, "gallery_title": None, "gallery_id": None, "nomisma_id": None,
        "artwork_type_title": type_title, "artwork_type_id": TYPES[type_title], "department_title": dept_title, "department_id": dept,
        "artist_id": artist_id, "artist_title": artist, "alt_artist_ids": [], "artist_ids": [artist_id], "artist_titles": [artist],
        "category_ids": [dept], "category_titles": [dept_title], "term_titles": [medium.lower()] + subjects,
        "style_id": None, "style_title": None, "alt_style_ids": [], "style_ids": [], "style_titles": [],
        "classification_id": None, "classification_title": medium.lower(), "alt_classification_ids": [], "classification_ids": [],
        "classification_titles": [medium.lower(), type_title.lower()], "subject_id": None, "alt_subject_ids": [], "subject_ids": [],
        "subject_titles": subjects, "material_id": None, "alt_material_ids": [], "material_ids": [], "material_titles": [],
        "technique_id": None, "alt_technique_ids": [], "technique_ids": [], "technique_titles": [], "theme_titles": [],
        "image_id": None, "alt_image_ids": [], "document_ids": [], "sound_ids": [], "video_ids": [], "text_ids": [],
        "section_ids": [], "section_titles": [], "site_ids": [],
        "suggest_autocomplete_all": [{"input": [f"understudy.{next_id}"], "contexts": {"groupings": ["accession"]}},
                                     {"input": [title], "weight": 1000, "contexts": {"groupings": ["title"]}}],
        "source_updated_at": "2025-01-15T10:00:00-06:00", "updated_at": "2025-01-15T10:05:00-06:00", "timestamp": "2025-08-17T08:45:30-05:00",
    })
    assert list(item) == list(template)
    artworks.append(item)
    next_id += 1
write_lines(f"{ROOT}/artic/artworks.json", artworks)
print(f"{len(facts)} facts, {len(breed_items)} breeds, {len(artworks)} artworks")
