"""Image facts of artworks the captured payloads do not show, from public third-party captures of the real API.

Found on 2026-11-26 by searching public code and pages (test fixtures, READMEs and captured responses of other
projects' artic clients) for each work's id. Kept only where the source ties the image id to the artwork's id,
with the number of independent sources that agree; where the museum has replaced an image, the newest is kept.
Works whose id no source confirmed, whose id belongs to another work on the real API, or whose image id has a
single source, are not in the dataset (issue 30: fewer, true records). Width, height and lqip only where a
source showed them for the same image. Used by generate.py.
"""

IMAGES = {
    27992: {"image_id": "2d484387-2509-5e8e-2c43-22f9981972eb", "sources": 6, "width": 9310, "height": 6237},  # A Sunday on La Grande Jatte — 1884
    111628: {"image_id": "831a05de-d3f6-f4fa-a460-23008dd58dda", "sources": 7},  # Nighthawks
    6565: {"image_id": "b272df73-a965-ac37-4172-be4e99483637", "sources": 6},  # American Gothic
    28560: {"image_id": "6644829f-f292-c5c4-a73c-0356a6fdbf0d", "sources": 9, "width": 12614, "height": 9875},  # The Bedroom
    20684: {"image_id": "f8fd76e9-c396-5678-36ed-6a348c904d27", "sources": 9, "width": 9987, "height": 7755},  # Paris Street; Rainy Day
    14598: {"image_id": "95be2572-b53d-8e7b-abc9-10eb48d4fa5d", "sources": 7},  # The Beach at Sainte-Adresse
    14620: {"image_id": "b0effb1c-ff23-bbaa-f809-9fd94e31c1a0", "sources": 4},  # Cliff Walk at Pourville
    61128: {"image_id": "defb4004-b500-218d-3d9b-9a02423f097d", "sources": 7, "width": 7788, "height": 6807},  # At the Moulin Rouge
    80607: {"image_id": "47c5bcb8-62ef-e5d7-55e7-f5121f409a30", "sources": 7, "width": 6116, "height": 7794},  # Self-Portrait
    111436: {"image_id": "52ac8996-3460-cf71-cb42-5c4d0aa29b74", "sources": 7, "width": 12640, "height": 10094},  # The Basket of Apples
    14655: {"image_id": "3a608f55-d76e-fa96-d0b1-0789fbc48f1e", "sources": 7, "width": 19848, "height": 24629},  # Two Sisters (On the Terrace)
    129884: {"image_id": "e966799b-97ee-1cc6-bd2f-a94b4b8bb8f9", "sources": 5, "width": 5376, "height": 6112, "lqip": "data:image/gif;base64,R0lGODlhBAAFAPQAABw/Zhg/aBRBaBZBahRCaxxBahxEahNIchZJcR9LdB9OdiZIZSBEbShLbjxRZyBPeipRcSpReUpWaitXgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACH5BAAAAAAALAAAAAAEAAUAAAURoMJIDhJAywAcAlEkxhNNTQgAOw=="},  # Starry Night and the Astronauts
    137125: {"image_id": "d94d0e3d-5d89-ce07-ee0f-7fa6d8def8ab", "sources": 6},  # Many Mansions
    24645: {"image_id": "b3974542-b9b4-7568-fc4b-966738f61d78", "sources": 6, "width": 6679, "height": 4577},  # Under the Wave off Kanagawa (Kanagawa oki nami ura), also kn
    87479: {"image_id": "47fd1564-93f5-f30b-7786-013421133b4a", "sources": 8, "width": 3990, "height": 7631},  # The Assumption of the Virgin
    34181: {"image_id": "6a7160ea-df65-9083-c16c-33b30662208d", "sources": 3, "width": 4137, "height": 6209, "lqip": "data:image/gif;base64,R0lGODlhAwAFAPMAADEoHEA1J0hCO3JNMHdZP2ZaSnpcQWNfXGpgVH1nVZFyVoB3b5J4Y5Z+aYN5cAAAACH5BAAAAAAALAAAAAADAAUAAAQLMABWUHNHLWESGREAOw=="},  # Time Transfixed
}
