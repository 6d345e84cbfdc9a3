/**
 * The hero subjects (edition 3; edition 2 was made from an earlier list): every card has one subject of its own, drawn in one surreal relation with
 * the landscape. Reflections and shadows name the other thing they show; pourings what they pour. The
 * props that furnish the cards come from pools disjoint from the subjects, so a subject is never seen on
 * a card that is not its own.
 */
import type { RelationName } from "./relation-name";

export type StreamKind = "stars" | "water" | "honey" | "sand" | "rainbow" | "fireflies" | "notes";

export interface Subject {
  icon: string;
  relation: RelationName;
  /** What a reflection or a shadow shows instead of the subject. */
  other?: string;
  /** What a pouring subject pours. */
  stream?: StreamKind;
  /** Size factor for subjects whose icon reads small or large at the relation's usual size. */
  scale?: number;
  /** Rotation (degrees) that lays a diagonal icon level, e.g. to float as a boat. */
  tilt?: number;
}

const S = (
  icon: string,
  relation: RelationName,
  extra: Omit<Subject, "icon" | "relation"> = {},
): Subject => ({
  icon,
  relation,
  ...extra,
});

export const SUBJECTS: Subject[] = [
  // a giant thing resting on (or peering over) the hills
  S("giraffe", "hills"),
  S("fox", "hills"),
  S("polar-bear", "hills"),
  S("sauropod", "hills"),
  S("mammoth", "hills"),
  S("moai", "hills"),
  S("birthday-cake", "hills"),
  S("ice-cream", "hills"),
  S("lady-beetle", "hills"),
  S("koala", "hills"),
  S("bison", "hills"),
  // a thing as the moon
  S("yarn", "moon"),
  S("cookie", "moon"),
  S("cheese-wedge", "moon"),
  S("croissant", "moon"),
  S("mirror-ball", "moon"),
  S("pool-8-ball", "moon"),
  S("tangerine", "moon"),
  S("compass", "moon"),
  S("lion", "moon"),
  S("window", "moon"),
  S("alarm-clock", "moon"),
  S("soccer-ball", "moon"),
  S("red-apple", "moon"),
  // lifted by balloons
  S("house", "balloons"),
  S("elephant", "balloons"),
  S("musical-keyboard", "balloons"),
  S("couch-and-lamp", "balloons"),
  S("pig", "balloons"),
  S("teddy-bear", "balloons"),
  S("globe-showing-europe-africa", "balloons"),
  S("llama", "balloons"),
  S("circus-tent", "balloons"),
  S("anchor", "balloons"),
  S("tent", "balloons"),
  // sailing as a boat
  S("bed", "boat"),
  S("bathtub", "boat"),
  S("hot-beverage", "boat"),
  S("high-heeled-shoe", "boat"),
  S("violin", "boat", { tilt: 45 }),
  S("banana", "boat", { tilt: 80 }),
  S("pea-pod", "boat", { tilt: 40 }),
  S("watermelon", "boat"),
  S("maple-leaf", "boat"),
  S("umbrella", "boat", { tilt: 180 }),
  S("lemon", "boat"),
  // stairs (or a ladder) to a thing in the clouds
  S("door", "stairs"),
  S("castle", "stairs"),
  S("chair", "stairs"),
  S("sailboat", "stairs"),
  S("goat", "stairs"),
  S("black-cat", "stairs"),
  S("telescope", "stairs"),
  S("bell", "stairs"),
  S("key", "stairs"),
  S("classical-building", "stairs"),
  S("ferris-wheel", "stairs"),
  // under a glass dome
  S("rose", "dome"),
  S("snowman", "dome"),
  S("potted-plant", "dome"),
  S("dodo", "dome"),
  S("peacock", "dome"),
  S("crown", "dome"),
  S("cactus", "dome"),
  S("desert-island", "dome"),
  S("carousel-horse", "dome"),
  S("parrot", "dome"),
  S("owl", "dome"),
  // pouring another
  S("teapot", "pour", { stream: "stars" }),
  S("bucket", "pour", { stream: "water" }),
  S("amphora", "pour", { stream: "water" }),
  S("honey-pot", "pour", { stream: "honey" }),
  S("open-book", "pour", { stream: "stars" }),
  S("trumpet", "pour", { stream: "notes" }),
  S("top-hat", "pour", { stream: "stars" }),
  S("jar", "pour", { stream: "fireflies" }),
  S("bottle-with-popping-cork", "pour", { stream: "stars" }),
  S("hourglass-not-done", "pour", { stream: "sand" }),
  S("spiral-shell", "pour", { stream: "water" }),
  S("paintbrush", "pour", { stream: "rainbow" }),
  // a tree growing from a thing
  S("books", "tree"),
  S("hiking-boot", "tree"),
  S("guitar", "tree"),
  S("luggage", "tree"),
  S("light-bulb", "tree"),
  S("egg", "tree"),
  S("wrapped-gift", "tree"),
  S("locomotive", "tree"),
  S("television", "tree"),
  S("drum", "tree"),
  S("hedgehog", "tree"),
  // a reflection in the water that is something else
  S("cat", "reflect", { other: "tiger" }),
  S("bug", "reflect", { other: "butterfly" }),
  S("duck", "reflect", { other: "swan" }),
  S("seedling", "reflect", { other: "deciduous-tree" }),
  S("deer", "reflect", { other: "unicorn" }),
  S("hut", "reflect", { other: "japanese-castle" }),
  S("fish", "reflect", { other: "shark" }),
  S("frog", "reflect", { other: "prince" }),
  // a shadow that is something else
  S("chicken", "shadow", { other: "t-rex" }),
  S("mouse", "shadow", { other: "gorilla" }),
  S("candle", "shadow", { other: "statue-of-liberty" }),
  S("chess-pawn", "shadow", { other: "horse" }),
  S("lizard", "shadow", { other: "crocodile" }),
  S("baby-chick", "shadow", { other: "eagle" }),
  S("dog", "shadow", { other: "wolf" }),
  S("hamster", "shadow", { other: "leopard" }),
  S("worm", "shadow", { other: "dragon" }),
  // a thing as an island
  S("whale", "island"),
  S("turtle", "island"),
  S("doughnut", "island"),
  S("octopus", "island"),
  S("pineapple", "island"),
  S("crab", "island"),
  S("hippopotamus", "island"),
  // a thing as a house
  S("mushroom", "house"),
  S("jack-o-lantern", "house"),
  S("mans-shoe", "house"),
  S("womans-boot", "house"),
  S("strawberry", "house"),
  S("snail", "house"),
  S("cupcake", "house"),
  S("womans-hat", "house"),
  S("peach", "house"),
  // many, flying like birds
  S("tropical-fish", "flock"),
  S("red-paper-lantern", "flock"),
  S("envelope", "flock"),
  S("ewe", "flock"),
  S("jellyfish", "flock"),
  S("airplane", "flock"),
  S("parachute", "flock"),
  S("carp-streamer", "flock"),
  S("dove", "flock"),
  S("bat", "flock"),
  S("leaf-fluttering-in-wind", "flock"),
  // a giant floating over the land
  S("dolphin", "sky"),
  S("rocket", "sky"),
  S("flying-saucer", "sky"),
  S("phoenix-bird", "sky"),
  S("ship", "sky"),
  S("kite", "sky"),
  S("bicycle", "sky"),
  S("ringed-planet", "sky"),
  S("piata", "sky"),
  S("squid", "sky"),
  S("blowfish", "sky"),
];

/**
 * Furnishing shapes drawn in code that a card's plan lists among its things of the sky: up to two clouds,
 * and a dark flock of birds. Planned like the props, so they are not on nearly every card.
 */
export const CLOUD = "shape:cloud";
export const FLOCK = "shape:birds";
/** Small things of the sky that furnish a card (none is any card's subject, nor any reflection or shadow). */
export const SKY_PROPS = [
  "balloon",
  "satellite",
  "helicopter",
  "feather",
  "rainbow",
  "star",
  "honeybee",
  "snowflake",
  "cherry-blossom",
  "bubbles",
  "musical-notes",
  "wind-chime",
  "fallen-leaf",
  "flying-disc",
  "bird",
  "cloud-with-lightning",
  "tornado",
  "boomerang",
];
export const GROUND_PROPS = [
  "rabbit",
  "tulip",
  "sunflower",
  "mantelpiece-clock",
  "penguin",
  "raccoon",
  "chipmunk",
  "rooster",
  "poodle",
  "diya-lamp",
  "crystal-ball",
  "basket",
  "closed-mailbox-with-raised-flag",
  "fountain",
  "accordion",
  "banjo",
  "game-die",
  "nesting-dolls",
  "beaver",
  "skunk",
  "hibiscus",
  "rock",
  "wood",
  "badger",
  "sloth",
  "ram",
  "turkey",
  "panda",
  "kick-scooter",
  "saxophone",
  "nest-with-eggs",
  "grapes",
  "pear",
];
export const WATER_PROPS = [
  "lotus",
  "flamingo",
  "ring-buoy",
  "otter",
  "canoe",
  "goose",
  "seal",
  "speedboat",
  "ferry",
  "ice",
];
export const FORE_PLANTS = [
  "tulip",
  "evergreen-tree",
  "herb",
  "sunflower",
  "palm-tree",
  "hibiscus",
  "four-leaf-clover",
];
/** Small far things on the distant hills (the village). */
export const FAR_THINGS = ["houses", "house-with-garden", "church", "evergreen-tree"];
