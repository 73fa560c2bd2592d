# The 98 breeds catfact.ninja lists, in its order: breed | country | origin | coat | pattern (facts).
BREEDS = """
Abyssinian|Ethiopia|Natural/Standard|Short|Ticked
Aegean|Greece|Natural/Standard|Semi-long|Bi- or tri-colored
American Curl|United States|Mutation|Short/Long|All
American Bobtail|United States|Mutation|Short/Long|All
American Shorthair|United States|Natural|Short|All but colorpoint
American Wirehair|United States|Mutation|Rex|All but colorpoint
Arabian Mau|Arabian Peninsula|Natural|Short|
Australian Mist|Australia|Crossbreed|Short|Spotted and Classic tabby
Asian|developed in the United Kingdom (founding stock from Asia)||Short|Evenly solid
Asian Semi-longhair|United Kingdom|Crossbreed|Semi-long|Solid
Balinese|developed in the United States (founding stock from Thailand)|Crossbreed|Long|Colorpoint
Bambino|United States|Crossbreed|Hairless/Furry|
Bengal|developed in the United States (founding stock from Asia)|Hybrid|Short|Spotted/Marbled
Birman|developed in France (founding stock from Burma)|Natural|Semi Long|Colorpoint
Bombay|developed in the United States (founding stock from Asia)|Crossbred|Short|Solid
Brazilian Shorthair|Brazil|Natural|Short|All
British Semipi-longhair|United Kingdom|||
British Shorthair|United Kingdom|Natural|Short|All
British Longhair|United Kingdom|||
Burmese|Burma and Thailand|Natural|Short|Solid
Burmilla|United Kingdom|Crossbreed|Short/Long|
California Spangled|United States|Crossbreed|Short|Spotted
Chantilly-Tiffany|United States||Long|
Chartreux|France|Natural|Short|Solid
Chausie|France|Hybrid|Short|Ticked
Cheetoh|United States|Crossbreed|Short|Spotted
Colorpoint Shorthair|United States|Crossbreed|Short|Colorpoint
Cornish Rex|developed in the United Kingdom (Cornwall)|Mutation|Rex|All
Cymric|Canada|Mutation|Long|All
Cyprus|Cyprus|Natural|All|All
Devon Rex|developed in the United Kingdom (Devon)|Mutation|Rex|All
Donskoy|Russia|Mutation|Hairless|
Dragon Li|China|Natural|Short|Tabby
Dwarf cat|||Short/Long|
Egyptian Mau|Egypt|Natural|Short|Spotted
European Shorthair|Continental Europe|Natural|Short|
Exotic Shorthair|United States|Crossbreed|Short|
Foldex|Canada|Crossbreed|Short|
German Rex|Germany|Mutation|Rex|All
Havana Brown|United Kingdom||Short|Solid
Highlander|United States|Crossbreed|Short/Long|
Himalayan|United States / United Kingdom|Crossbreed|Long|Colorpoint
Japanese Bobtail|Japan|Natural|Short/Long|All but colorpoint and ticked
Javanese|developed in the United States and Canada|Crossbreed|Long|Colorpoint
Kanaani|Israel|Hybrid|Short|Spotted
Khao Manee|Thailand|Natural|Short|Solid
Korat|Thailand|Natural|Short|Solid
Korean Bobtail|Korea|Natural|Short/Long|All
Korn Ja|Thailand|Natural|Short|
Kurilian Bobtail|Russia|Natural|Short/Long|All
LaPerm|United States|Mutation|Rex|All
Lykoi|United States|Mutation|Partly hairless|
Maine Coon|United States|Natural|Long|All
Manx|Isle of Man|Mutation|Short/Long|All
Mekong Bobtail|Russia|Natural|Short|Colorpoint
Minskin|United States|Crossbreed|Hairless|All
Munchkin|United States|Mutation|Short/Long|All
Nebelung|United States||Semi-long|Solid
Napoleon|||Short/Long|All
Norwegian Forest Cat|Norway|Natural|Long|All but colorpoint
Ocicat|United States|Crossbreed|Short|Spotted
Ojos Azules|United States||Short|All
Oregon Rex|United States|Mutation|Rex|All
Oriental Bicolor|developed in the United States and United Kingdom|Crossbreed|Short|Bicolor
Oriental Shorthair|developed in the United States and United Kingdom|Crossbreed|Short|All
Oriental Longhair|developed in the United States and United Kingdom|Crossbreed|Semi-long|All
Persian (Modern Persian Cat)|Greater Iran|Natural|Long|All
Persian (Traditional Persian Cat)|Greater Iran|Natural|Long|All
Peterbald|Russia|Crossbreed|Hairless|All
Pixie-bob|United States|Mutation|Short/Long|Spotted
Raas|Indonesia|Natural|Short|Solid
Ragamuffin|United States|Crossbreed|Long|All
Ragdoll|United States|Crossbreed|Long|Colorpoint/Mitted/Bicolor
Russian Blue|Russia|Natural|Short|Solid
Russian White, Black and Tabby|Australia|Crossbreed|Short|Solid/Tabby
Sam Sawet|Thailand|Natural|Short|Solid
Savannah|United States|Hybrid|Short|Spotted
Scottish Fold|United Kingdom|Mutation|Short/Long|All
Selkirk Rex|United States|Mutation/Crossbreed|Rex (Short/Long)|All
Serengeti|United States|Crossbreed|Short|Spotted
Serrade petit|France|Natural|Short|All
Siamese|Thailand|Natural|Short|Colorpoint
Siberian|Russia|Natural|Semi-long|All
Singapura|developed in the United States (founding stock from Singapore)|Natural|Short|Ticked
Skookum|United States|Crossbreed|Rex|All
Snowshoe|United States|Crossbreed|Short|Colorpoint
Sokoke|Kenya|Natural|Short|Classic tabby with ticking
Somali|developed in the United States and Canada|Mutation of the Abyssinian|Long|Ticked
Sphynx|Canada|Mutation|Hairless|All
Suphalak|Thailand|Natural|Short|Solid
Thai|Thailand|Natural|Short|Colorpoint
Thai Lilac|Thailand|Natural|Short|Solid
Tonkinese|Canada|Crossbreed|Short|Colorpoint/Mink/Solid
Toyger|United States|Crossbreed|Short|Mackerel
Turkish Angora|Turkey|Natural|Semi-long|All
Turkish Van|developed in the United Kingdom (founding stock from Turkey)|Natural|Semi-long|Van
Ukrainian Levkoy|Ukraine|Mutation|Hairless|Solid
York Chocolate|United States|Natural|Long|Solid
""".strip().splitlines()
