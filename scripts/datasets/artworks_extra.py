# Artworks in the Art Institute of Chicago's collection, as best known: title | artist | start | end |
# date display | medium | department | type | subjects. Descriptions are generated in the project's own words.
ARTISTS = {
 # key: (artist_title, artist_id, nationality and life dates, place_of_origin)
 "monet": ("Claude Monet", 35809, "French, 1840–1926", "France"),
 "vangogh": ("Vincent van Gogh", 40610, "Dutch, 1853–1890", "France"),
 "picasso": ("Pablo Picasso", 36198, "Spanish, 1881–1973", "France"),
 "renoir": ("Pierre-Auguste Renoir", 36931, "French, 1841–1919", "France"),
 "cezanne": ("Paul Cézanne", 33819, "French, 1839–1906", "France"),
 "gauguin": ("Paul Gauguin", 34469, "French, 1848–1903", "France"),
 "lautrec": ("Henri de Toulouse-Lautrec", 40558, "French, 1864–1901", "France"),
 "seurat": ("Georges Seurat", 40482, "French, 1859–1891", "France"),
 "caillebotte": ("Gustave Caillebotte", 33615, "French, 1848–1894", "France"),
 "cassatt": ("Mary Cassatt", 33890, "American, 1844–1926", "United States"),
 "homer": ("Winslow Homer", 35040, "American, 1836–1910", "United States"),
 "okeeffe": ("Georgia O'Keeffe", 36374, "American, 1887–1986", "United States"),
 "matisse": ("Henri Matisse", 35679, "French, 1869–1954", "France"),
 "durer": ("Albrecht Dürer", 34170, "German, 1471–1528", "Germany"),
 "hokusai": ("Katsushika Hokusai", 35267, "Japanese, 1760–1849", "Japan"),
 "elgreco": ("El Greco", 34123, "Greek, active in Spain, 1541–1614", "Spain"),
 "degas": ("Edgar Degas", 990001, "French, 1834–1917", "France"),
 "manet": ("Édouard Manet", 990002, "French, 1832–1883", "France"),
 "pissarro": ("Camille Pissarro", 990003, "French, born Danish West Indies, 1830–1903", "France"),
 "morisot": ("Berthe Morisot", 990004, "French, 1841–1895", "France"),
 "rembrandt": ("Rembrandt van Rijn", 990005, "Dutch, 1606–1669", "Netherlands"),
 "breton": ("Jules Adolphe Aimé Louis Breton", 990006, "French, 1827–1906", "France"),
 "courbet": ("Gustave Courbet", 990007, "French, 1819–1877", "France"),
 "millet": ("Jean-François Millet", 990008, "French, 1814–1875", "France"),
 "corot": ("Jean-Baptiste-Camille Corot", 990009, "French, 1796–1875", "France"),
 "robert": ("Hubert Robert", 990010, "French, 1733–1808", "France"),
 "goya": ("Francisco José de Goya y Lucientes", 990011, "Spanish, 1746–1828", "Spain"),
 "poussin": ("Nicolas Poussin", 990012, "French, 1594–1665", "Italy"),
 "giovanni": ("Giovanni di Paolo", 990013, "Italian, c. 1398–1482", "Italy"),
 "zurbaran": ("Francisco de Zurbarán", 990014, "Spanish, 1598–1664", "Spain"),
 "bonnard": ("Pierre Bonnard", 990015, "French, 1867–1947", "France"),
 "bocklin": ("Arnold Böcklin", 990016, "Swiss, 1827–1901", "Switzerland"),
 "rubens": ("Peter Paul Rubens", 990017, "Flemish, 1577–1640", "Flanders"),
 "tiepolo": ("Giovanni Battista Tiepolo", 990018, "Italian, 1696–1770", "Italy"),
 "dali": ("Salvador Dalí", 990019, "Spanish, 1904–1989", "Spain"),
 "miro": ("Joan Miró", 990020, "Spanish, 1893–1983", "France"),
 "chagall": ("Marc Chagall", 990021, "French, born Russia (present-day Belarus), 1887–1985", "France"),
 "kandinsky": ("Vasily Kandinsky", 990022, "French, born Russia, 1866–1944", "Germany"),
 "mondrian": ("Piet Mondrian", 990023, "Dutch, 1872–1944", "Netherlands"),
 "braque": ("Georges Braque", 990024, "French, 1882–1963", "France"),
 "gris": ("Juan Gris", 990025, "Spanish, 1887–1927", "France"),
 "modigliani": ("Amedeo Modigliani", 990026, "Italian, 1884–1920", "France"),
 "brancusi": ("Constantin Brancusi", 990027, "French, born Romania, 1876–1957", "France"),
 "motley": ("Archibald John Motley Jr.", 990028, "American, 1891–1981", "United States"),
 "albright": ("Ivan Albright", 990029, "American, 1897–1983", "United States"),
 "rothko": ("Mark Rothko", 990030, "American, born Russia, 1903–1970", "United States"),
 "dekooning": ("Willem de Kooning", 990031, "American, born the Netherlands, 1904–1997", "United States"),
 "beckmann": ("Max Beckmann", 990032, "German, 1884–1950", "Germany"),
 "bacon": ("Francis Bacon", 990033, "British, born Ireland, 1909–1992", "England"),
 "dechirico": ("Giorgio de Chirico", 990034, "Italian, 1888–1978", "Italy"),
 "rousseau": ("Henri Rousseau", 990035, "French, 1844–1910", "France"),
 "sargent": ("John Singer Sargent", 990036, "American, 1856–1925", "United States"),
 "whistler": ("James McNeill Whistler", 990037, "American, 1834–1903", "United States"),
 "bellows": ("George Wesley Bellows", 990038, "American, 1882–1925", "United States"),
 "cole": ("Thomas Cole", 990039, "American, born England, 1801–1848", "United States"),
 "copley": ("John Singleton Copley", 990040, "American, 1738–1815", "United States"),
 "tanner": ("Henry Ossawa Tanner", 990041, "American, 1859–1937", "United States"),
 "remington": ("Frederic Remington", 990042, "American, 1861–1909", "United States"),
 "davis": ("Stuart Davis", 990043, "American, 1892–1964", "United States"),
 "lichtenstein": ("Roy Lichtenstein", 990044, "American, 1923–1997", "United States"),
 "richter": ("Gerhard Richter", 990045, "German, born 1932", "Germany"),
 "mitchell": ("Joan Mitchell", 990046, "American, 1925–1992", "United States"),
 "twombly": ("Cy Twombly", 990047, "American, 1928–2011", "Italy"),
 "hiroshige": ("Utagawa Hiroshige", 990048, "Japanese, 1797–1858", "Japan"),
 "steinlen": ("Théophile-Alexandre Steinlen", 990049, "French, born Switzerland, 1859–1923", "France"),
 "stieglitz": ("Alfred Stieglitz", 990050, "American, 1864–1946", "United States"),
 "lange": ("Dorothea Lange", 990051, "American, 1895–1965", "United States"),
 "adams": ("Ansel Adams", 990052, "American, 1902–1984", "United States"),
 "cartierbresson": ("Henri Cartier-Bresson", 990053, "French, 1908–2004", "France"),
 "weston": ("Edward Weston", 990054, "American, 1886–1958", "United States"),
 "abbott": ("Berenice Abbott", 990055, "American, 1898–1991", "United States"),
 "cameron": ("Julia Margaret Cameron", 990056, "English, born India, 1815–1879", "England"),
 "strand": ("Paul Strand", 990057, "American, 1890–1976", "United States"),
 "olowe": ("Olowe of Ise", 990058, "Yoruba, Nigeria, c. 1873–c. 1938", "Ikere"),
 "chola": ("Chola period", 990059, "India, Tamil Nadu", "India"),
 "egypt": ("Ancient Egyptian", 990060, "Egypt, Third Intermediate Period", "Egypt"),
 "bamana": ("Bamana", 990061, "Mali", "Mali"),
 "kuniyoshi": ("Utagawa Kuniyoshi", 990062, "Japanese, 1797–1861", "Japan"),
}

W = "Color woodblock print; ōban"
CAP = "Etching, burnished aquatint, and drypoint on paper"
ROWS = """
Stacks of Wheat (End of Day, Autumn)|monet|1890|1891|1890–91|Oil on canvas|PC-10|Painting|landscapes,agriculture,autumn
Stack of Wheat (Thaw, Sunset)|monet|1890|1891|1890–91|Oil on canvas|PC-10|Painting|landscapes,agriculture,winter
Stacks of Wheat (Sunset, Snow Effect)|monet|1890|1891|1890–91|Oil on canvas|PC-10|Painting|landscapes,agriculture,snow
Stack of Wheat (Snow Effect, Overcast Day)|monet|1890|1891|1890–91|Oil on canvas|PC-10|Painting|landscapes,agriculture,snow
Stack of Wheat|monet|1890|1891|1890–91|Oil on canvas|PC-10|Painting|landscapes,agriculture
Water Lily Pond|monet|1900|1900|1900|Oil on canvas|PC-10|Painting|landscapes,gardens,water,flowers
Irises|monet|1914|1917|1914–17|Oil on canvas|PC-10|Painting|gardens,flowers
Bordighera|monet|1884|1884|1884|Oil on canvas|PC-10|Painting|landscapes,trees,Mediterranean
Branch of the Seine near Giverny (Mist)|monet|1897|1897|1897|Oil on canvas|PC-10|Painting|landscapes,rivers,mist
The Artist's House at Argenteuil|monet|1873|1873|1873|Oil on canvas|PC-10|Painting|gardens,children,houses
Venice, Palazzo Dario|monet|1908|1908|1908|Oil on canvas|PC-10|Painting|cityscapes,Venice,water
Waterloo Bridge, Gray Weather|monet|1900|1900|1900|Oil on canvas|PC-10|Painting|cityscapes,London,bridges,rivers
On the Bank of the Seine, Bennecourt|monet|1868|1868|1868|Oil on canvas|PC-10|Painting|landscapes,rivers,women
Étretat: The Beach and the Falaise d'Amont|monet|1885|1885|1885|Oil on canvas|PC-10|Painting|landscapes,seascapes,cliffs
The Petite Creuse River|monet|1889|1889|1889|Oil on canvas|PC-10|Painting|landscapes,rivers
Sandvika, Norway|monet|1895|1895|1895|Oil on canvas|PC-10|Painting|landscapes,snow,villages
Madame Roulin Rocking the Cradle (La berceuse)|vangogh|1889|1889|1889|Oil on canvas|PC-10|Painting|portraits,women
The Poet's Garden|vangogh|1888|1888|1888|Oil on canvas|PC-10|Painting|landscapes,gardens,parks
Fishing in Spring, the Pont de Clichy (Asnières)|vangogh|1887|1887|1887|Oil on canvas|PC-10|Painting|landscapes,rivers,bridges
Grapes, Lemons, Pears, and Apples|vangogh|1887|1887|1887|Oil on canvas|PC-10|Painting|still life,fruit
Terrace and Observation Deck at the Moulin de Blute-Fin, Montmartre|vangogh|1887|1887|1887|Oil on canvas|PC-10|Painting|landscapes,Paris
Weeping Tree|vangogh|1889|1889|1889|Reed pen and ink over graphite on paper|PC-13|Drawing and Watercolor|trees,landscapes
The Drinkers (after Daumier)|vangogh|1890|1890|1890|Oil on canvas|PC-10|Painting|men,children,drinking
Acrobats at the Cirque Fernando (Francisca and Angelina Wartenberg)|renoir|1879|1879|1879|Oil on canvas|PC-10|Painting|portraits,circus,children
Lunch at the Restaurant Fournaise (The Rowers' Lunch)|renoir|1875|1875|1875|Oil on canvas|PC-10|Painting|leisure,dining,rivers
Chrysanthemums|renoir|1881|1882|1881–82|Oil on canvas|PC-10|Painting|still life,flowers
Near the Lake|renoir|1879|1880|1879/80|Oil on canvas|PC-10|Painting|leisure,lakes,couples
Woman at the Piano|renoir|1875|1876|1875/76|Oil on canvas|PC-10|Painting|women,music,interiors
Young Woman Sewing|renoir|1879|1879|1879|Oil on canvas|PC-10|Painting|women,sewing,portraits
The Bay of Marseille, Seen from L'Estaque|cezanne|1885|1885|c. 1885|Oil on canvas|PC-10|Painting|landscapes,seascapes
Madame Cézanne in a Yellow Chair|cezanne|1888|1890|1888–90|Oil on canvas|PC-10|Painting|portraits,women
The Plate of Apples|cezanne|1877|1877|c. 1877|Oil on canvas|PC-10|Painting|still life,fruit
Auvers, Panoramic View|cezanne|1873|1875|1873/75|Oil on canvas|PC-10|Painting|landscapes,villages
The Bathers|cezanne|1899|1904|1899/1904|Oil on canvas|PC-10|Painting|nudes,bathers,landscapes
The Day of the God (Mahana no Atua)|gauguin|1894|1894|1894|Oil on canvas|PC-10|Painting|Tahiti,religion,women
Ancestors of Tehamana OR Tehamana Has Many Parents (Merahi metua no Tehamana)|gauguin|1893|1893|1893|Oil on canvas|PC-10|Painting|portraits,Tahiti,women
Portrait of a Woman in Front of a Still Life by Cézanne|gauguin|1890|1890|1890|Oil on canvas|PC-10|Painting|portraits,women
Equestrienne (At the Cirque Fernando)|lautrec|1887|1888|1887–88|Oil on canvas|PC-10|Painting|circus,horses,animals
Moulin de la Galette|lautrec|1889|1889|1889|Oil on canvas|PC-10|Painting|dancing,Paris,leisure
Final Study for Bathers at Asnières|seurat|1883|1883|1883|Oil on panel|PC-10|Painting|bathers,rivers,leisure
Calf's Head and Ox Tongue|caillebotte|1882|1882|c. 1882|Oil on canvas|PC-10|Painting|still life,food
The Millinery Shop|degas|1879|1886|1879/86|Oil on canvas|PC-10|Painting|women,hats,shops
Yellow Dancers (In the Wings)|degas|1874|1876|1874/76|Oil on canvas|PC-10|Painting|dancers,ballet,women
Uncle and Niece (Henri De Gas and His Niece Lucie De Gas)|degas|1876|1876|1876|Oil on canvas|PC-10|Painting|portraits,family
Ballet at the Paris Opéra|degas|1877|1877|1877|Pastel over monotype on cream laid paper|PC-13|Drawing and Watercolor|dancers,ballet,theater
The Morning Bath|degas|1887|1890|1887/90|Pastel on off-white wove paper|PC-13|Drawing and Watercolor|women,bathing,nudes
The Philosopher (Beggar with Oysters)|manet|1864|1867|1864/67|Oil on canvas|PC-10|Painting|portraits,men
The Races at Longchamp|manet|1866|1866|1866|Oil on canvas|PC-10|Painting|horses,horse racing,animals
Fish (Still Life)|manet|1864|1864|1864|Oil on canvas|PC-10|Painting|still life,fish,animals
Jesus Mocked by the Soldiers|manet|1865|1865|1865|Oil on canvas|PC-10|Painting|religion,Christ
Woman Reading|manet|1880|1882|1880/82|Oil on canvas|PC-10|Painting|women,reading,portraits
Cat and Flowers|manet|1869|1869|1869|Etching and aquatint on paper|PC-13|Print|cats,animals,flowers
The Cats' Rendezvous|manet|1868|1868|1868|Lithograph on paper|PC-13|Print|cats,animals,rooftops
Woman Bathing Her Feet in a Brook|pissarro|1894|1895|1894/95|Oil on canvas|PC-10|Painting|women,bathing,landscapes
The Place du Havre, Paris|pissarro|1893|1893|1893|Oil on canvas|PC-10|Painting|cityscapes,Paris,streets
Woman at Her Toilette|morisot|1875|1880|1875/80|Oil on canvas|PC-10|Painting|women,interiors,portraits
Old Man with a Gold Chain|rembrandt|1631|1631|c. 1631|Oil on panel|PC-10|Painting|portraits,men
Young Woman at an Open Half-Door|rembrandt|1645|1645|1645|Oil on canvas|PC-10|Painting|portraits,women
The Song of the Lark|breton|1884|1884|1884|Oil on canvas|PC-10|Painting|landscapes,agriculture,women,birds
Mère Grégoire|courbet|1855|1859|1855 and 1857/59|Oil on canvas|PC-10|Painting|portraits,women
Peasants Bringing Home a Calf Born in the Fields|millet|1864|1864|1864|Oil on canvas|PC-10|Painting|agriculture,cows,animals
Interrupted Reading|corot|1870|1870|c. 1870|Oil on canvas, mounted on board|PC-10|Painting|portraits,women,reading
The Old Temple|robert|1787|1788|1787–88|Oil on canvas|PC-10|Painting|ruins,architecture,landscapes
Friar Pedro Wrests the Gun from El Maragato|goya|1806|1806|c. 1806|Oil on panel|PC-10|Painting|narrative,crime
Landscape with Saint John on Patmos|poussin|1640|1640|1640|Oil on canvas|PC-10|Painting|landscapes,saints,religion
Saint John the Baptist Entering the Wilderness|giovanni|1455|1460|1455/60|Tempera on panel|PC-10|Painting|saints,religion,landscapes
The Crucifixion|zurbaran|1627|1627|1627|Oil on canvas|PC-10|Painting|Christ,religion
Earthly Paradise|bonnard|1916|1920|1916–20|Oil on canvas|PC-11|Painting|landscapes,nudes,animals
In the Sea|bocklin|1883|1883|1883|Tempera on panel|PC-10|Painting|mythology,sea creatures,seascapes
The Holy Family with Saints Elizabeth and John the Baptist|rubens|1615|1615|c. 1615|Oil on panel|PC-10|Painting|religion,family,children
Rinaldo Enchanted by Armida|tiepolo|1742|1745|1742/45|Oil on canvas|PC-10|Painting|literature,romance
Mother and Child|picasso|1921|1921|1921|Oil on canvas|PC-11|Painting|mothers,children,portraits
Daniel-Henry Kahnweiler|picasso|1910|1910|1910|Oil on canvas|PC-11|Painting|portraits,men,Cubism
Head of a Woman (Fernande)|picasso|1909|1909|1909|Bronze|PC-11|Sculpture|portraits,women,Cubism
Nude under a Pine Tree|picasso|1959|1959|1959|Oil on canvas|PC-11|Painting|nudes,trees
The Red Armchair|picasso|1931|1931|1931|Oil and Ripolin on panel|PC-11|Painting|women,portraits,furniture
Untitled (maquette for the Richard J. Daley Center sculpture)|picasso|1964|1964|1964|Welded steel|PC-11|Sculpture|Chicago,public art
Interior at Nice|matisse|1919|1920|1919 or 1920|Oil on canvas|PC-11|Painting|interiors,women,windows
Apples|matisse|1916|1916|1916|Oil on canvas|PC-11|Painting|still life,fruit
Visions of Eternity|dali|1936|1937|1936–37|Oil on canvas|PC-11|Painting|Surrealism,landscapes
The Policeman|miro|1925|1925|1925|Oil on canvas|PC-11|Painting|Surrealism,horses,animals
America Windows|chagall|1977|1977|1977|Stained glass|PC-11|Glass|Chicago,music,architecture
White Crucifixion|chagall|1938|1938|1938|Oil on canvas|PC-11|Painting|Christ,religion,Judaism
The Praying Jew|chagall|1923|1923|1923|Oil on canvas|PC-11|Painting|portraits,men,Judaism,religion
Painting with Green Center|kandinsky|1913|1913|1913|Oil on canvas|PC-11|Painting|abstraction
Improvisation No. 30 (Cannons)|kandinsky|1913|1913|1913|Oil on canvas|PC-11|Painting|abstraction,war
Lozenge Composition with Yellow, Black, Blue, Red, and Gray|mondrian|1921|1921|1921|Oil on canvas|PC-11|Painting|abstraction,De Stijl
Little Harbor in Normandy|braque|1909|1909|1909|Oil on canvas|PC-11|Painting|seascapes,boats,Cubism
Portrait of Pablo Picasso|gris|1912|1912|1912|Oil on canvas|PC-11|Painting|portraits,men,Cubism
Madame Pompadour|modigliani|1915|1915|1915|Oil on canvas|PC-11|Painting|portraits,women
Jacques and Berthe Lipchitz|modigliani|1916|1916|1916|Oil on canvas|PC-11|Painting|portraits,couples
Golden Bird|brancusi|1919|1920|1919/20|Bronze, stone, and wood|PC-11|Sculpture|birds,animals,abstraction
Nightlife|motley|1943|1943|1943|Oil on canvas|PC-9|Painting|nightlife,dancing,Chicago
That Which I Should Have Done I Did Not Do (The Door)|albright|1931|1941|1931/41|Oil on canvas|PC-9|Painting|death,doors
Untitled (Purple, White, and Red)|rothko|1953|1953|1953|Oil on canvas|PC-8|Painting|abstraction,color field
Excavation|dekooning|1950|1950|1950|Oil on canvas|PC-8|Painting|abstraction,Abstract Expressionism
Self-Portrait|beckmann|1937|1937|1937|Oil on canvas|PC-11|Painting|portraits,self-portraits,men
Figure with Meat|bacon|1954|1954|1954|Oil on canvas|PC-8|Painting|portraits,popes
The Philosopher's Conquest|dechirico|1913|1914|1913–14|Oil on canvas|PC-11|Painting|Surrealism,trains,cityscapes
The Waterfall|rousseau|1910|1910|1910|Oil on canvas|PC-11|Painting|landscapes,jungle,waterfalls
Black Cross, New Mexico|okeeffe|1929|1929|1929|Oil on canvas|PC-9|Painting|landscapes,New Mexico,religion
The Shelton with Sunspots, N.Y.|okeeffe|1926|1926|1926|Oil on canvas|PC-9|Painting|cityscapes,New York,skyscrapers
Cow's Skull with Calico Roses|okeeffe|1931|1931|1931|Oil on canvas|PC-9|Painting|skulls,flowers,animals
Croquet Scene|homer|1866|1866|1866|Oil on canvas|PC-9|Painting|leisure,games,women
The Water Fan|homer|1898|1899|1898/99|Transparent and opaque watercolor over graphite on paper|PC-13|Drawing and Watercolor|seascapes,fishing,boats
For to Be a Farmer's Boy|homer|1887|1887|1887|Transparent watercolor over graphite on paper|PC-13|Drawing and Watercolor|agriculture,children,landscapes
Mrs. George Swinton (Elizabeth Ebsworth)|sargent|1897|1897|1897|Oil on canvas|PC-9|Painting|portraits,women
Mrs. Charles Gifford Dyer|sargent|1880|1880|1880|Oil on canvas|PC-9|Painting|portraits,women
Arrangement in Flesh Colour and Brown: Portrait of Arthur Jerome Eddy|whistler|1894|1894|1894|Oil on canvas|PC-9|Painting|portraits,men,Chicago
Love of Winter|bellows|1914|1914|1914|Oil on canvas|PC-9|Painting|winter,skating,snow,leisure
Distant View of Niagara Falls|cole|1830|1830|1830|Oil on panel|PC-9|Painting|landscapes,waterfalls
Mrs. Daniel Hubbard (Mary Greene)|copley|1764|1764|c. 1764|Oil on canvas|PC-9|Painting|portraits,women
The Two Disciples at the Tomb|tanner|1906|1906|c. 1906|Oil on canvas|PC-9|Painting|religion,Christ
The Bronco Buster|remington|1895|1895|Modeled 1895, cast 1909|Bronze|PC-9|Sculpture|horses,cowboys,animals
Ready-to-Wear|davis|1955|1955|1955|Oil on canvas|PC-8|Painting|abstraction,advertising
After the Bullfight|cassatt|1873|1873|1873|Oil on canvas|PC-9|Painting|portraits,men,bullfighting
On a Balcony|cassatt|1878|1879|1878/79|Oil on canvas|PC-9|Painting|women,reading,gardens
The Letter|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|women,letters,interiors
The Bath|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|mothers,children,bathing
The Fitting|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|women,dressmaking,interiors
In the Omnibus|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|women,children,transportation
The Lamp|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|women,interiors
Mother's Kiss|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|mothers,children
Maternal Caress|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|mothers,children
Afternoon Tea Party|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|women,tea,interiors
The Coiffure|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|women,hair,nudes
Woman Bathing|cassatt|1890|1891|1890–91|Color drypoint and aquatint on paper|PC-13|Print|women,bathing
Brushstroke with Spatter|lichtenstein|1966|1966|1966|Oil and Magna on canvas|PC-8|Painting|Pop art,abstraction
Woman Descending the Staircase|richter|1965|1965|1965|Oil on canvas|PC-8|Painting|women,photography
City Landscape|mitchell|1955|1955|1955|Oil on linen|PC-8|Painting|abstraction,cityscapes
The First Part of the Return from Parnassus|twombly|1961|1961|1961|Oil, house paint, lead pencil, and colored pencil on canvas|PC-8|Painting|abstraction,mythology
Tournée du Chat Noir|steinlen|1896|1896|1896|Color lithograph on paper|PC-13|Print|cats,animals,posters,cabarets
Jane Avril|lautrec|1893|1893|1893|Color lithograph on paper|PC-13|Print|posters,dancers,Paris
Divan Japonais|lautrec|1893|1893|1893|Color lithograph on paper|PC-13|Print|posters,cabarets,Paris
Moulin Rouge—La Goulue|lautrec|1891|1891|1891|Color lithograph on paper|PC-13|Print|posters,dancers,Paris
Aristide Bruant in His Cabaret|lautrec|1893|1893|1893|Color lithograph on paper|PC-13|Print|posters,cabarets,singers
May Belfort|lautrec|1895|1895|1895|Color lithograph on paper|PC-13|Print|posters,singers,cats,animals
Melencolia I|durer|1514|1514|1514|Engraving on paper|PC-13|Print|allegory,angels,dogs,animals
Knight, Death, and the Devil|durer|1513|1513|1513|Engraving on paper|PC-13|Print|knights,horses,dogs,animals,death
Saint Jerome in His Study|durer|1514|1514|1514|Engraving on paper|PC-13|Print|saints,lions,dogs,animals,interiors
Adam and Eve|durer|1504|1504|1504|Engraving on paper|PC-13|Print|Bible,nudes,cats,animals
The Rhinoceros|durer|1515|1515|1515|Woodcut on paper|PC-13|Print|rhinoceroses,animals
Nemesis (The Great Fortune)|durer|1501|1502|1501/02|Engraving on paper|PC-13|Print|allegory,landscapes
Saint Eustace|durer|1501|1501|c. 1501|Engraving on paper|PC-13|Print|saints,horses,dogs,deer,animals
The Four Horsemen, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,horses,animals
Saint Michael Fighting the Dragon, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,angels,dragons
The Whore of Babylon, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse
The Seven Trumpets Are Given to the Angels, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,angels
The Opening of the Fifth and Sixth Seals, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse
The Martyrdom of Saint John, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,saints
Saint John Devouring the Book, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,saints,angels
The Woman Clothed with the Sun and the Seven-Headed Dragon, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,dragons
The Sea Monster and the Beast with the Lamb's Horns, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,monsters
The Angel with the Key to the Bottomless Pit, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,angels
Four Angels Holding the Winds, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,angels
Saint John's Vision of Christ and the Seven Candlesticks, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,Christ
Saint John and the Twenty-Four Elders in Heaven, from The Apocalypse|durer|1496|1498|1496–98|Woodcut on paper|PC-13|Print|Apocalypse,saints
The Three Crosses|rembrandt|1653|1653|1653|Drypoint and engraving on paper|PC-13|Print|Christ,religion
Christ Healing the Sick (The Hundred Guilder Print)|rembrandt|1648|1648|c. 1648|Etching, drypoint, and engraving on paper|PC-13|Print|Christ,religion
Self-Portrait Leaning on a Stone Sill|rembrandt|1639|1639|1639|Etching on paper|PC-13|Print|self-portraits,portraits,men
The Windmill|rembrandt|1641|1641|1641|Etching on paper|PC-13|Print|landscapes,windmills
Landscape with Three Trees|rembrandt|1643|1643|1643|Etching, drypoint, and engraving on paper|PC-13|Print|landscapes,trees
Six's Bridge|rembrandt|1645|1645|1645|Etching on paper|PC-13|Print|landscapes,bridges,rivers
Jan Six|rembrandt|1647|1647|1647|Etching, drypoint, and engraving on paper|PC-13|Print|portraits,men,reading
The Angel Appearing to the Shepherds|rembrandt|1634|1634|1634|Etching, engraving, and drypoint on paper|PC-13|Print|angels,sheep,cows,animals
Adam and Eve|rembrandt|1638|1638|1638|Etching on paper|PC-13|Print|Bible,nudes
The Shell (Conus marmoreus)|rembrandt|1650|1650|1650|Etching, drypoint, and engraving on paper|PC-13|Print|shells,still life
Christ Presented to the People|rembrandt|1655|1655|1655|Drypoint on paper|PC-13|Print|Christ,religion
The Death of the Virgin|rembrandt|1639|1639|1639|Etching and drypoint on paper|PC-13|Print|religion,death
Francisco Goya y Lucientes, Painter, plate one from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|self-portraits,portraits,men
They Say Yes and Give Their Hand to the First Comer, plate two from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|marriage,satire
Here Comes the Bogeyman, plate three from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|children,satire
Love and Death, plate ten from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|love,death
They Are Hot, plate thirteen from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|satire,clergy
What a Sacrifice!, plate fourteen from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|marriage,satire
How They Pluck Her!, plate twenty-one from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|satire,birds,animals
Because She Was Susceptible, plate thirty-two from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|women,prison
Might Not the Pupil Know More?, plate thirty-seven from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|donkeys,animals,satire
Bravissimo!, plate thirty-eight from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|monkeys,donkeys,animals,satire
And So Was His Grandfather, plate thirty-nine from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|donkeys,animals,satire
Of What Ill Will He Die?, plate forty from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|donkeys,animals,doctors
Neither More nor Less, plate forty-one from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|monkeys,donkeys,animals,portraits
You Who Cannot, plate forty-two from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|donkeys,animals,peasants
The Sleep of Reason Produces Monsters, plate forty-three from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|owls,bats,cats,animals,dreams
What a Tailor Can Do!, plate fifty-two from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|satire,superstition
What a Golden Beak!, plate fifty-three from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|parrots,birds,animals,satire
Until Death, plate fifty-five from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|women,vanity,old age
Pretty Teacher!, plate sixty-eight from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|witches,women
Blow, plate sixty-nine from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|witches,children
No One Has Seen Us, plate seventy-nine from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|clergy,satire
It Is Time, plate eighty from Los Caprichos|goya|1797|1799|1797–99|CAP|PC-13|Print|clergy,satire
South Wind, Clear Sky (Gaifū kaisei), also known as Red Fuji, from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,mountains,landscapes
Rainstorm Beneath the Summit (Sanka hakuu), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,mountains,storms,landscapes
Kajikazawa in Kai Province (Kōshū Kajikazawa), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,fishing,rivers,landscapes
Fuji View Field in Owari Province (Bishū Fujimigahara), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,craftsmen,landscapes
Tama River in Musashi Province (Bushū Tamagawa), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,rivers,horses,animals
Ejiri in Suruga Province (Sunshū Ejiri), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,wind,travelers,landscapes
Hodogaya on the Tōkaidō (Tōkaidō Hodogaya), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,travelers,trees,horses
Nihonbashi Bridge in Edo (Edo Nihonbashi), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,bridges,Edo,cityscapes
Mishima Pass in Kai Province (Kōshū Mishima-goe), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,trees,travelers
Lake Suwa in Shinano Province (Shinshū Suwako), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,lakes,landscapes
Umezawa Manor in Sagami Province (Sōshū Umezawa zai), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,cranes,birds,animals
Enoshima in Sagami Province (Sōshū Enoshima), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,islands,seascapes
Shichirigahama in Sagami Province (Sōshū Shichirigahama), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,seascapes,beaches
Sazai Hall at the Temple of the Five Hundred Arhats (Gohyaku rakanji Sazaidō), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,temples,architecture
Ushibori in Hitachi Province (Jōshū Ushibori), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,boats,birds
Inume Pass in Kai Province (Kōshū Inume tōge), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,mountains,landscapes
Surugachō in Edo (Tōto Sugura-chō), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,shops,Edo,cityscapes
Senju in Musashi Province (Bushū Senju), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,horses,fishing,animals
Tsukudajima in Musashi Province (Bushū Tsukudajima), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,boats,islands
The Timberyard at Honjo (Honjo Tatekawa), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,craftsmen,Edo
Reflection in Lake at Misaka in Kai Province (Kōshū Misaka suimen), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,lakes,reflections,landscapes
Nakahara in Sagami Province (Sōshū Nakahara), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,travelers,bridges
Hakone Lake in Sagami Province (Sōshū Hakone kosui), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,lakes,mountains
Sundai in Edo (Tōto Sundai), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,travelers,Edo
Waterwheel at Onden (Onden no suisha), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,waterwheels,agriculture
Sekiya Village on the Sumida River (Sumidagawa Sekiya no sato), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,horses,riders,animals
Tea House at Koishikawa, the Morning after a Snowfall (Koishikawa yuki no ashita), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,snow,teahouses,birds
Lower Meguro (Shimo Meguro), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,agriculture,villages
Tago Bay near Ejiri on the Tōkaidō (Tōkaidō Ejiri Tago-no-ura ryakuzu), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,boats,seascapes
Goten-yama Hill, Shinagawa on the Tōkaidō (Tōkaidō Shinagawa Goten'yama no Fuji), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,cherry blossoms,leisure
Asakusa Honganji Temple in the Eastern Capital (Tōto Asakusa Honganji), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,temples,kites,Edo
Dawn at Isawa in Kai Province (Kōshū Isawa no akatsuki), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,travelers,dawn
The Kazusa Sea Route (Kazusa no kairo), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,boats,seascapes
Fuji from Kanaya on the Tōkaidō (Tōkaidō Kanaya no Fuji), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,rivers,travelers
Noboto Bay (Hodogaya), from the series “Thirty-Six Views of Mount Fuji”|hokusai|1830|1833|1830/33|W|PC-4|Print|Mount Fuji,seascapes,shellfish gatherers
Plum Estate, Kameido (Kameido Umeyashiki), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|plum blossoms,gardens,Edo
Sudden Shower over Shin-Ōhashi Bridge and Atake (Ōhashi Atake no yūdachi), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|rain,bridges,rivers,Edo
Asakusa Ricefields and Torinomachi Festival (Asakusa tanbo Torinomachi mōde), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|cats,animals,windows,festivals,Mount Fuji
Fukagawa Lumberyards (Fukagawa kiba), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|snow,lumberyards,Edo
Moon Pine, Ueno (Ueno sannai tsuki no matsu), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|trees,ponds,Edo
Inside Kameido Tenjin Shrine (Kameido Tenjin keidai), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|bridges,wisteria,flowers,shrines
Horikiri Iris Garden (Horikiri no hanashōbu), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|irises,flowers,gardens
Sumida River Suijin Shrine and Massaki (Sumidagawa Suijin no mori Massaki), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|cherry blossoms,rivers,shrines
Fireworks at Ryōgoku (Ryōgoku hanabi), from the series “One Hundred Famous Views of Edo”|hiroshige|1858|1858|1858|W|PC-4|Print|fireworks,night,bridges,Edo
Suidō Bridge and Surugadai (Suidōbashi Surugadai), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|carp streamers,festivals,Mount Fuji
Fox Fires on New Year's Eve at the Garment Nettle Tree, Ōji (Ōji Shōzoku enoki ōmisoka no kitsunebi), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|foxes,animals,night,New Year
Hibiya and Soto-Sakurada from Yamashita-chō (Yamashita-chō Hibiya Soto-Sakurada), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|New Year,kites,Mount Fuji
Nihonbashi: Clearing after Snow (Nihonbashi yukibare), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|snow,bridges,Mount Fuji,Edo
Kinryūzan Temple at Asakusa (Asakusa Kinryūzan), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|snow,temples,Edo
Maple Trees at Mama, Tekona Shrine and Linked Bridge (Mama no momiji Tekona no yashiro Tsugihashi), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|maple trees,autumn,shrines
Bamboo Yards, Kyōbashi Bridge (Kyōbashi Takegashi), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|bridges,night,moon,Edo
Moto-Hachiman Shrine, Sunamura (Sunamura Moto-Hachiman), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|shrines,cherry blossoms,seascapes
Haneda Ferry and Benten Shrine (Haneda no watashi Benten no yashiro), from the series “One Hundred Famous Views of Edo”|hiroshige|1858|1858|1858|W|PC-4|Print|boats,ferries,shrines
Ryōgoku Bridge and the Great Riverbank (Ryōgokubashi Ōkawabata), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|bridges,rivers,Edo
Meguro Drum Bridge and Sunset Hill (Meguro Taikobashi Yūhi-no-oka), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|snow,bridges,winter
Fukagawa Susaki and Jūmantsubo (Fukagawa Susaki Jūmantsubo), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|eagles,birds,animals,snow
Night View of Saruwaka-machi (Saruwaka-machi yoru no kei), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|night,moon,theater,Edo
Tsukudajima from Eitai Bridge (Eitaibashi Tsukudajima), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|night,boats,fishing
Senju Great Bridge (Senju no Ōhashi), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|bridges,rivers,boats
Shōhei Bridge, Seidō Shrine and Kanda River (Shōheibashi Seidō Kandagawa), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|rain,bridges,rivers
Yatsumi Bridge (Yatsumi no hashi), from the series “One Hundred Famous Views of Edo”|hiroshige|1856|1856|1856|W|PC-4|Print|willows,birds,bridges
Kanasugi Bridge and Shibaura (Kanasugibashi Shibaura), from the series “One Hundred Famous Views of Edo”|hiroshige|1857|1857|1857|W|PC-4|Print|pilgrims,banners,seascapes
Nihonbashi: Morning View (Nihonbashi, asa no kei), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|bridges,travelers,dawn
Shinagawa: Sunrise (Shinagawa, hinode), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|dawn,travelers,seascapes
Kawasaki: Rokugō Ferry (Kawasaki, Rokugō watashibune), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|ferries,boats,Mount Fuji
Hakone: View of the Lake (Hakone, kosui zu), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|mountains,lakes,travelers
Mishima: Morning Mist (Mishima, asagiri), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|mist,travelers,horses
Hara: Mount Fuji in the Morning (Hara, asa no Fuji), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|Mount Fuji,travelers,dawn
Kanbara: Night Snow (Kanbara, yoru no yuki), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|snow,night,villages
Yui: Satta Peak (Yui, Satta mine), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|Mount Fuji,cliffs,seascapes
Shōno: Driving Rain (Shōno, hakuu), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|rain,storms,travelers
Mariko: Famous Tea Shop (Mariko, meibutsu chamise), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|teahouses,travelers,food
Kameyama: Clear Weather after Snow (Kameyama, yukibare), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|snow,castles,mountains
Hamamatsu: Winter Scene (Hamamatsu, fuyugare no zu), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|winter,fire,travelers
Ōiso: Tora's Rain (Ōiso, Tora ga ame), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|rain,villages,seascapes
Kyoto: Great Bridge at Sanjō (Keishi, Sanjō Ōhashi), from the series “Fifty-three Stations of the Tōkaidō”|hiroshige|1833|1834|1833/34|W|PC-4|Print|bridges,Kyoto,travelers
The Cat Stations of the Tōkaidō (Neko no Tōkaidō gojūsan tsugi)|kuniyoshi|1847|1852|1847/52|Color woodblock print; ōban triptych|PC-4|Print|cats,animals,humor
The Steerage|stieglitz|1907|1907|1907|Photogravure|PC-12|Photograph|ships,immigration,crowds
Migrant Mother, Nipomo, California|lange|1936|1936|1936|Gelatin silver print|PC-12|Photograph|portraits,mothers,children,Great Depression
Moonrise, Hernandez, New Mexico|adams|1941|1941|1941|Gelatin silver print|PC-12|Photograph|landscapes,moon,New Mexico,villages
Behind the Gare Saint-Lazare|cartierbresson|1932|1932|1932|Gelatin silver print|PC-12|Photograph|Paris,reflections,street photography
Pepper No. 30|weston|1930|1930|1930|Gelatin silver print|PC-12|Photograph|still life,vegetables
Nightview, New York|abbott|1932|1932|1932|Gelatin silver print|PC-12|Photograph|cityscapes,New York,night,skyscrapers
Julia Jackson|cameron|1867|1867|1867|Albumen print|PC-12|Photograph|portraits,women
Blind|strand|1916|1916|1916|Photogravure|PC-12|Photograph|portraits,women,street photography
Veranda Post (Opo Ogoga)|olowe|1910|1914|1910/14|Wood and pigment|PC-1|Sculpture|kings,architecture,horses,animals
Headdress (Ci Wara)|bamana|1850|1950|Mid–19th/mid–20th century|Wood, metal, and fiber|PC-1|Sculpture|antelopes,animals,agriculture
Buddha Shakyamuni Seated in Meditation (Dhyanamudra)|chola|1100|1199|12th century|Granite|PC-4|Sculpture|Buddhism,religion
Shiva as Lord of Dance (Nataraja)|chola|1000|1099|11th century|Copper alloy|PC-4|Sculpture|Hinduism,dance,religion
Mummy and Coffin of Paankhenamun|egypt|-945|-715|945–715 BCE|Cartonnage, gesso, pigment, and human remains|PC-5|Funerary Object|mummies,death,religion
"""

# A short sentence per subject, in the project's own words, so descriptions are not all alike.
SUBJECT_NOTES = {
    "cats": "A cat has a place in the picture, which makes it a favourite with visitors who look for animals in art.",
    "animals": "Animals share the scene with the people around them.",
    "landscapes": "The view is built from light, weather and the shape of the land rather than from a story.",
    "portraits": "The sitter's pose and clothing say as much about them as the face does.",
    "Mount Fuji": "Mount Fuji appears somewhere in the composition, sometimes large and sometimes almost hidden.",
    "still life": "Everyday things on a table become the whole subject.",
    "Apocalypse": "It belongs to a cycle of fifteen woodcuts illustrating the Book of Revelation.",
    "abstraction": "Colour, line and surface carry the picture instead of a recognisable scene.",
    "Christ": "The subject comes from the story of Christ's life and death.",
    "satire": "Its biting caption mocks the follies and abuses of the artist's society.",
    "posters": "It was printed to advertise a performer or a venue and pasted on the walls of Paris.",
    "mothers": "A mother and child are shown in an unguarded, everyday moment.",
    "snow": "Snow changes the colours and the sounds of the scene.",
    "rain": "Rain falls in fine lines across the whole sheet.",
    "night": "The scene takes place after dark.",
    "horses": "Horses are shown in motion and at rest.",
    "Cubism": "The forms are broken into facets seen from several sides at once.",
    "religion": "It was made for devotion as much as for display.",
}
