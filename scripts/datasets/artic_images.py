"""Image facts of artworks the captured payloads do not show, from public third-party captures of the real API.

Found on 2026-11-26 by searching public code and pages (test fixtures, READMEs and captured responses of other
projects' artic clients) for each work's id. Kept only where the source ties the image id to the artwork's id,
with the number of independent sources that agree; where the museum has replaced an image, the newest is kept.
Only works generate.py keeps (artic_corrections.KEPT) are listed; whole real records carry their own. Width, height and lqip only where a
source showed them for the same image. Used by generate.py.
"""

IMAGES = {
    111628: {"image_id": "831a05de-d3f6-f4fa-a460-23008dd58dda", "sources": 7},  # Nighthawks
    28560: {"image_id": "6644829f-f292-c5c4-a73c-0356a6fdbf0d", "sources": 9, "width": 12614, "height": 9875},  # The Bedroom
    20684: {"image_id": "f8fd76e9-c396-5678-36ed-6a348c904d27", "sources": 9, "width": 9987, "height": 7755},  # Paris Street; Rainy Day
    14598: {"image_id": "95be2572-b53d-8e7b-abc9-10eb48d4fa5d", "sources": 7},  # The Beach at Sainte-Adresse
    80607: {"image_id": "47c5bcb8-62ef-e5d7-55e7-f5121f409a30", "sources": 7, "width": 6116, "height": 7794},  # Self-Portrait
}
