# Facts about cats, written for Understudy (project's own words). Appended after the original 67.
FACTS = """
A cat's collarbone is not attached to its other bones, which helps it squeeze through narrow gaps.
Cats sweat only through the pads of their paws.
A cat can rotate each ear independently through about 180 degrees.
Most cats sleep between twelve and sixteen hours a day.
Kittens start to open their eyes when they are about a week old.
A cat's nose leather is as individual as a human fingerprint.
Cats cannot taste sweetness because they lack a working sweet receptor.
The oldest known pet cat was found buried with a person in Cyprus about 9,500 years ago.
A cat's heart beats roughly twice as fast as a human heart.
Adult cats have 30 teeth; kittens have 26 milk teeth.
Cats walk by moving both legs on one side, then both on the other, like camels and giraffes.
Whiskers are roughly as wide as the cat's body and help it judge openings.
A cat's purr usually sits between 25 and 150 vibrations per second.
Cats see better in dim light than people do but less sharply in bright light.
The reflective layer behind a cat's retina is called the tapetum lucidum.
A cat's tail helps it keep its balance on narrow ledges.
Cats are digitigrade: they walk on their toes rather than their heels.
A cat can jump up to about six times its own length.
Kneading with the front paws is a habit left over from nursing.
Cats mark territory with scent glands in their cheeks, paws and flanks.
When a cat rubs against your leg it is leaving its scent on you.
A slow blink from a cat is a sign of trust.
The ridges on the roof of a cat's mouth help it hold food.
Cats have a third eyelid, the nictitating membrane.
Domestic cats descend from the African wildcat, Felis lybica.
Ancient Egyptians honoured cats and linked them with the goddess Bastet.
A cat's hearing reaches frequencies far above what humans or dogs can hear.
Cats use their whiskers to sense air currents in the dark.
Most cats dislike water, but some breeds such as the Turkish Van enjoy swimming.
A cat's normal resting heart rate is about 140 to 220 beats per minute.
The average house cat weighs between 3.5 and 4.5 kilograms.
Cats can make more than a hundred distinct sounds.
Cats chatter their teeth when they watch birds they cannot reach.
A cat's rough tongue works like a comb when it grooms.
Cats spend up to half of their waking hours grooming.
A cat's field of vision is about 200 degrees, wider than a human's.
Cats cannot see directly below their noses very well.
Kittens learn to hunt by watching their mothers.
A pregnant cat carries her kittens for about nine weeks.
A typical litter has between three and five kittens.
Kittens are born deaf; their ear canals open after about two weeks.
A cat's whiskers fall out and regrow naturally, like fur.
Cats have scent receptors in the roof of the mouth, called the vomeronasal organ.
The grimace a cat makes after sniffing something interesting is the flehmen response.
Chocolate, onions, garlic and lilies are poisonous to cats.
Cats need taurine in their food; without it they can go blind.
Cats are obligate carnivores and must eat meat to stay healthy.
Many adult cats cannot digest lactose well, so milk can upset their stomachs.
A cat's sense of smell is about fourteen times stronger than a person's.
Cats have around 200 million scent-sensitive cells in their noses.
Calico cats are almost always female because the colours are carried on the X chromosome.
Tortoiseshell cats mix black and orange fur in a mottled coat.
A male calico cat is very rare and usually sterile.
White cats with blue eyes are more likely to be born deaf.
Cats with one blue eye and one green or amber eye have heterochromia.
Siamese kittens are born pale and develop darker points as they grow.
Colorpoint coats are darker on the cooler parts of the body: ears, face, paws and tail.
A cat's whiskers are rooted deep and linked to nerves and muscles.
Cats have whiskers on the backs of their front legs too.
The Maine Coon is one of the largest domestic cat breeds.
The Singapura is often listed as the smallest domestic cat breed.
The Sphynx is not truly hairless; it has a fine down over its skin.
Scottish Folds owe their folded ears to a cartilage mutation.
The Manx cat's short or absent tail comes from a natural mutation on the Isle of Man.
The Japanese Bobtail's short tail is unique to each cat, like a pom-pom.
The Norwegian Forest Cat has a thick double coat suited to cold winters.
The Russian Blue's dense coat has silver-tipped guard hairs.
The Bengal was developed by crossing domestic cats with Asian leopard cats.
The Savannah descends from crosses with the African serval.
The Korat is a silver-blue breed from Thailand thought to bring good luck.
The Birman is said to have white 'gloves' on all four paws.
The Ragdoll is known for going limp when picked up.
The Abyssinian has a ticked coat in which each hair has bands of colour.
The Devon Rex and Cornish Rex both have curly coats, from different mutations.
A cat's claws retract into sheaths when they are not in use.
Cats scratch to shed the outer layers of their claws and to leave scent marks.
Cats have five toes on each front paw and four on each back paw.
A cat's dewclaw sits higher on the front leg and rarely touches the ground.
Cats land on their feet thanks to the righting reflex.
Kittens develop the righting reflex at around three to four weeks old.
A cat's spine has more vertebrae than a human's, which makes it very flexible.
Cats can run at about 48 kilometres per hour over short distances.
A cat's pupils can narrow to slits to control how much light enters.
Cats can see some colours, mostly blues and greens.
A cat's eyes glow in the dark because light bounces off the tapetum.
Cats meow mostly to communicate with people, not with other cats.
A hissing cat is warning, not attacking.
A cat holding its tail straight up is usually feeling friendly.
A puffed-up tail means a cat is frightened or trying to look bigger.
A cat that shows its belly is relaxed, but it may not want a belly rub.
Cats purr when content, but also when hurt or stressed.
Big cats that roar, such as lions, cannot purr continuously.
Cats often bring prey home to people they live with.
A cat's whiskers tell it whether its head will fit through a gap.
House cats share about 95 percent of their DNA with tigers.
The cheetah is the only big cat whose claws do not fully retract.
A group of adult cats can be called a clowder.
A group of wild cats is sometimes called a destruction.
A young cat is a kitten until it is about one year old.
Cats reach their adult size at around one year, larger breeds later.
Indoor cats often live fifteen years or more.
Cats have been known to live past thirty years.
A cat's age of one year is often compared to a human age of about fifteen.
Cats were taken on ships to keep rats and mice away from food stores.
Cats spread around the world along trade routes with farmers and sailors.
The Vikings are believed to have kept cats on their ships.
In ancient Egypt, harming a cat could bring severe punishment.
Egyptians mummified many cats as offerings to Bastet.
Cats were domesticated in the Near East as grain stores attracted rodents.
Cats were first welcomed by farmers because they hunted mice.
A cat rubbing its face on objects spreads pheromones that make it feel at home.
Synthetic copies of cat facial pheromones are sold to calm anxious cats.
Catnip's active compound is nepetalactone.
Roughly a third of cats do not respond to catnip at all.
Kittens rarely react to catnip before they are a few months old.
Silver vine and valerian root can excite cats that ignore catnip.
Cats drink by flicking their tongues to pull up a column of water.
A cat laps water about four times a second.
Many cats prefer running water, which is why fountains appeal to them.
Cats get much of their water from their food in the wild.
Cats have fewer taste buds than people, about 470.
Cats dislike the smell of citrus.
A cat's whisker pattern is set in rows on each side of the muzzle.
Most cats have twelve whiskers in four rows on each cheek.
Cats sleep in short bursts and can wake instantly.
Cats dream during REM sleep, twitching their paws and whiskers.
Cats are crepuscular: most active at dawn and dusk.
A cat's hearing helps it locate a mouse by sound alone.
Cats can hear the high-pitched squeaks of rodents.
Ear position shows mood: flat ears mean fear or anger.
A cat's ear has a small fold of skin called Henry's pocket.
Cats have a keen sense of balance from the inner ear.
Many cats can be trained to use a litter box within days.
Cats bury their waste to hide their scent from rivals and predators.
Dominant cats sometimes leave waste unburied as a signal.
Cats groom each other to strengthen bonds, called allogrooming.
Mother cats move their kittens to new nests to protect them.
Mother cats carry kittens by the scruff of the neck.
Kittens go limp when carried by the scruff.
A kitten's purr helps the mother find it.
Kittens can purr when they are just days old.
Kittens spend most of their first weeks sleeping.
Kittens are usually weaned at about eight weeks.
The best time to socialise a kitten is between two and seven weeks of age.
Cats can recognise their owners' voices.
Cats often ignore calls even when they recognise the voice.
Cats can learn their own names.
Cats follow the direction a person points, at least some of the time.
Cats sometimes sit on papers or keyboards because they are warm and smell of you.
Cats like boxes because enclosed spaces feel safe.
Cats prefer warm places because their comfort range is higher than ours.
A cat's normal body temperature is higher than a human's.
Cats often sleep in sunny spots to save energy.
Cats can get sunburn on pale ears and noses.
Cats can catch colds and flu-like infections from other cats.
Cats need regular vaccinations against feline diseases.
Neutering helps prevent roaming and unwanted litters.
Spaying a female cat removes the risk of some cancers.
A cat's teeth need care; dental disease is common in older cats.
Cats hide pain, so illness can be hard to spot.
A change in a cat's appetite can be an early sign of illness.
Obesity is a common health problem in indoor cats.
Puzzle feeders make indoor cats work for their food.
Play that mimics hunting keeps indoor cats fit.
Cats often play in short, intense bursts.
A wand toy lets a cat stalk and pounce safely.
Laser pointers should end with a toy the cat can catch.
Cats like to perch high to survey their territory.
Cat trees give indoor cats vertical space.
Cats may knock things off tables to test them or to get attention.
A cat's hunting instinct stays even when it is well fed.
Free-roaming cats hunt many birds and small mammals each year.
Bells on collars can reduce how many birds a cat catches.
Breakaway collars open if they snag.
Microchips help lost cats get home.
Cats can find their way home over surprising distances.
Cats may use the sun's position and smells to navigate.
Cats can be right-pawed or left-pawed.
Female cats more often favour the right paw, males the left.
Cats have a dominant eye, like people.
A cat's eyes are large for its head size.
A cat's whiskers grow thicker than its other hairs.
Cats lose whiskers naturally and grow new ones.
Cutting a cat's whiskers can confuse it.
A cat's coat helps it stay warm and dry.
Longhaired cats need brushing to avoid mats.
Cats shed more in spring and autumn.
Hairballs form from fur swallowed during grooming.
Regular brushing can reduce hairballs.
Cats eat grass sometimes, perhaps to help bring up hairballs.
Most cats do not need baths.
A cat's saliva contains a protein that causes many allergies.
Female cats and neutered males tend to produce fewer allergens.
No breed is completely free of allergens.
Cats communicate with posture, scent, sound and touch.
A tail wrapped around another cat shows friendship.
A cat's tail lashing back and forth signals irritation.
A tail held low may mean fear or defensiveness.
Cats may yowl at night when looking for a mate.
Female cats can come into season several times a year.
Cats can become pregnant as young as four months.
A queen can have litters from different fathers in a single pregnancy.
Kittens from one litter can look completely different.
Orange tabby cats are more often male than female.
Every orange cat has some tabby markings.
The 'M' marking on a tabby's forehead is a classic feature.
Classic tabbies have swirled patterns; mackerel tabbies have stripes.
Ticked tabbies have little striping on the body.
Spotted tabbies have stripes broken into spots.
A tuxedo cat is black and white, not a breed.
A bicolour cat has white with another colour.
A van pattern cat is white with colour only on the head and tail.
A smoke cat has a pale undercoat beneath dark tips.
A cat's coat colour can change slightly with age or temperature.
Black cats are considered lucky in some countries and unlucky in others.
In Japan, the beckoning cat figure is thought to bring good fortune.
Sailors once believed a ship's cat brought luck.
Many libraries and shops have kept resident cats.
Some cats have held honorary jobs, such as station master.
The British government keeps a cat with the title Chief Mouser.
Cats have been taken into space in research programmes.
In 1963 a French cat named Félicette flew on a rocket and returned safely.
Cats appear in ancient Roman mosaics.
Cats are among the most popular pets in the world.
There are hundreds of millions of pet cats worldwide.
Feral cats live wild but descend from domestic cats.
Feral colonies often form near reliable food sources.
Trap-neuter-return programmes aim to reduce feral populations humanely.
Cats can adapt to living alone or in groups.
Some cats prefer the company of one person.
Cats form attachments to their caregivers.
Cats may follow their owners from room to room.
Some cats greet their people at the door.
Cats can sense changes in routine and may become stressed.
Moving home is stressful for many cats.
Cats prefer their food and water bowls apart.
Cats like a litter box placed away from their food.
Experts suggest one litter box per cat plus one extra.
Cats may refuse a dirty litter box.
Cats usually prefer fine, unscented litter.
Cats often eat several small meals a day.
Whisker fatigue is a term some use for discomfort from deep bowls.
Cats can be fussy about the texture of their food.
Cats can recognise the sound of a food packet being opened.
Cats can smell food that is out of sight.
A cat's nose is usually cool and damp.
A warm, dry nose alone is not a reliable sign of illness in cats.
Cats sneeze for many reasons, from dust to infection.
Cats clean themselves after eating.
Cats lick their fur to cool down as saliva evaporates.
Cats pant only rarely, usually when stressed or very hot.
A cat's fur stands on end when it is alarmed.
Cats can arch their backs thanks to their flexible spines.
A cat's stretch works many muscles at once.
Cats often stretch after waking.
Cats like routine and may ask for meals at the same time every day.
Some cats learn to open doors and cupboards.
Cats can learn tricks with food rewards and clicker training.
Some cats walk on leads with patience and practice.
Harness training is easier when started young.
Cats sometimes sleep with their eyes partly open.
A cat's whiskers can bend forward when it is curious or hunting.
Cats have a strong sense of territory, even indoors.
A new cat should be introduced to a household gradually.
Scent swapping helps cats accept each other.
Cats may hiss at a new pet for days before settling.
Cats and dogs can live together peacefully, especially if raised together.
Cats may hunt insects indoors, such as flies and moths.
The tip of a cat's tail may twitch when it concentrates.
A cat's chin and forehead are favourite places to be stroked.
Many cats dislike being touched on the belly or tail.
Overstimulation can make a cat bite during petting.
A gentle nip can be a cat's way of saying stop.
Cats show love with head butts, called bunting.
Cats sometimes knead on soft blankets before lying down.
Cats turn in circles before settling to sleep.
Cats may curl up tightly to keep warm.
Cats stretch out flat when they are warm and relaxed.
A sleeping cat with its belly up feels safe.
Older cats often sleep more than younger ones.
Senior cats may need softer food and warmer beds.
Cats can develop arthritis as they age.
Cats can suffer from kidney disease in old age.
Regular check-ups help catch problems early.
Cats can live longer on a balanced diet and with exercise.
Cats can recognise other cats they live with by scent.
A cat returning from the vet may be hissed at by housemates because it smells different.
The word 'puss' has been used for cats in English for centuries.
The Latin name of the domestic cat is Felis catus.
""".strip().splitlines()
