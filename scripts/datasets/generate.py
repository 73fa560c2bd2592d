#!/usr/bin/env python3
"""Writes Understudy's catfact and artic datasets at real scale.

catfact: the original facts plus facts/catfact_extra.py (332 in all, the project's own words) and the
98 breeds of breeds.py. artic: only records that stand for real artworks of the Art Institute of Chicago,
with the real ids and artist ids, corrected wherever the captured real payloads in reference/artic show a
fact (image ids, thumbnail sizes, dimensions, media, places, dates, categories), plus the one complete
real record captured (artwork 4). An earlier version added 281 artworks written from memory, with
placeholder ids and artist ids and null image ids and dimensions: real clients could not decode them,
so they are gone (issue 30). Which records are verified against a payload is listed in VERIFIED below
and in docs/apis.md. Run from the repository root:
    python3 scripts/datasets/generate.py
"""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
import artic_corrections, artic_images, breeds, catfact_extra

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
REFERENCE = os.path.join(os.path.dirname(__file__), "reference", "artic")

def reference_records():
    """Every artwork in the captured payloads, by id (lists, search hits and details)."""
    found = {}
    for name in sorted(os.listdir(REFERENCE)):
        body = json.load(open(os.path.join(REFERENCE, name), encoding="utf-8"))
        data = body.get("data", body if "api_model" in body else None)
        for item in data if isinstance(data, list) else [data] if isinstance(data, dict) else []:
            if isinstance(item.get("id"), int):
                found.setdefault(item["id"], {}).update(item)
    return found

# Facts a payload can show and the dataset must then agree with. Prose (descriptions, alt text) stays
# the project's own; only the thumbnail's image facts (lqip, width, height) are taken.
FACTS = ["date_display", "place_of_origin", "dimensions", "medium_display", "category_titles", "image_id"]
real = reference_records()
# Only works whose image id is known: from a captured payload, or from public third-party captures of the real API
# (artic_images.py, with how many independent sources agree). Another work's image id cannot be known offline, and
# an invented one fails differently from the real service (a 404 from the IIIF server where the real image loads).
artworks = [
    a for a in json.load(open(f"{ROOT}/artic/artworks.json", encoding="utf-8"))
    if a["id"] != 4 and (a["id"] in real or a["id"] in artic_images.IMAGES)
]
VERIFIED = sorted(i for i in real if any(a["id"] == i for a in artworks)) + [4]
for artwork in artworks:
    image = artic_images.IMAGES.get(artwork["id"])
    if image:
        artwork["image_id"] = image["image_id"]
        for key in ("width", "height", "lqip"):
            if key in image:
                artwork["thumbnail"][key] = image[key]
    seen = real.get(artwork["id"])
    if not seen:
        continue
    for field in FACTS:
        if field in seen:
            artwork[field] = seen[field]
    if isinstance(seen.get("thumbnail"), dict) and isinstance(artwork.get("thumbnail"), dict):
        for key in ("lqip", "width", "height"):
            artwork["thumbnail"][key] = seen["thumbnail"][key]
    if "artist_title" in seen and seen["artist_title"] != artwork["artist_title"]:
        # The real record names another of the work's artists first (King Vulture: Kändler, not
        # the Meissen manufactory): put that artist first, keeping the ids the record already pairs.
        pairs = list(zip(artwork["artist_ids"], artwork["artist_titles"]))
        first = [p for p in pairs if p[1] == seen["artist_title"]]
        assert first, (artwork["id"], seen["artist_title"])
        pairs = first + [p for p in pairs if p not in first]
        artwork["artist_ids"] = [p[0] for p in pairs]
        artwork["artist_titles"] = [p[1] for p in pairs]
        artwork["artist_id"], artwork["artist_title"] = pairs[0]
        artwork["alt_artist_ids"] = [p[0] for p in pairs[1:]]
    for key in ("id", "title"):
        assert artwork[key] == seen.get(key, artwork[key])

# Identifiers public captures of the real API show otherwise (artic_corrections.py): the artist, accession number,
# credit line and department, the department id following its title.
for artwork in artworks:
    artwork.update(artic_corrections.FIELDS.get(artwork["id"], {}))
    title = artic_corrections.DEPARTMENT_TITLES.get(artwork["department_title"], artwork["department_title"])
    artwork["department_title"] = title
    artwork["department_id"] = artic_corrections.DEPARTMENTS.get(title, artwork["department_id"])

# Artwork 4 is a complete real record (the API's data dump): every field as captured, its API link
# rewritten per request by the server like any other.
four = json.load(open(os.path.join(REFERENCE, "artic-api-data-dump-artwork-4.json"), encoding="utf-8"))
assert list(four) == list(artworks[0])
artworks.append(four)
write_lines(f"{ROOT}/artic/artworks.json", artworks)
print(f"{len(facts)} facts, {len(breed_items)} breeds, {len(artworks)} artworks; verified against a payload: {VERIFIED}; "
      f"image ids from public captures: {sorted(artic_images.IMAGES)}")
