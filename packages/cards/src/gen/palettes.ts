/** Night palettes: sky gradient, haze, shadow, land layers (far to near), water, light colours. */
export interface Palette {
  name: string;
  sky: [string, string, string];
  glow: string;
  haze: string;
  shadow: string;
  land: [string, string, string, string];
  water: [string, string];
  cloud: [string, string];
  rim: string;
  wash: string;
  star: string;
}

export const PALETTES: Palette[] = [
  {
    name: "rose",
    sky: ["#241d4a", "#6f4a8c", "#eea3b5"],
    glow: "#ffc4c9",
    haze: "#e9b1c8",
    shadow: "#2a1838",
    land: ["#a77aa6", "#7b5485", "#523965", "#2e1f42"],
    water: ["#a26d9a", "#3a2450"],
    cloud: ["#f6c9dc", "#b98bb4"],
    rim: "#fff0d8",
    wash: "#ff9fc2",
    star: "#fff6e6",
  },
  {
    name: "mint",
    sky: ["#0c2430", "#2a6466", "#c4e6b8"],
    glow: "#e6f7c8",
    haze: "#bfe2c0",
    shadow: "#0b2024",
    land: ["#6ea587", "#467c69", "#2a5a4d", "#133531"],
    water: ["#5f9c8c", "#163b3c"],
    cloud: ["#d6f0d6", "#8fbfa8"],
    rim: "#f6ffe0",
    wash: "#a6f0c0",
    star: "#f4ffe8",
  },
  {
    name: "twilight",
    sky: ["#171636", "#54478a", "#f2b898"],
    glow: "#ffd2a8",
    haze: "#d9a7b0",
    shadow: "#1b1430",
    land: ["#9b7396", "#6d517e", "#47355e", "#251b3a"],
    water: ["#8e6d97", "#2a2048"],
    cloud: ["#f3c8c0", "#a283a8"],
    rim: "#ffe6c8",
    wash: "#ffb28f",
    star: "#fff2de",
  },
  {
    name: "teal",
    sky: ["#08172b", "#174862", "#5db3aa"],
    glow: "#a9eadb",
    haze: "#7fc1bb",
    shadow: "#06141f",
    land: ["#2f7577", "#1f5a66", "#143f4d", "#0a2432"],
    water: ["#2f7c82", "#0b2535"],
    cloud: ["#8fd0c8", "#3e8088"],
    rim: "#dafff6",
    wash: "#62d6c8",
    star: "#e8fffb",
  },
  {
    name: "amber",
    sky: ["#1c1233", "#82395a", "#f6b15e"],
    glow: "#ffd58a",
    haze: "#e69a7a",
    shadow: "#200f24",
    land: ["#a4566a", "#733851", "#48243f", "#26142a"],
    water: ["#b9675e", "#2e1630"],
    cloud: ["#f7c38f", "#b46e78"],
    rim: "#fff0c4",
    wash: "#ffb060",
    star: "#fff4d6",
  },
  {
    name: "lavender",
    sky: ["#352c6c", "#9582c4", "#f3c9de"],
    glow: "#fde0ec",
    haze: "#d8c0e4",
    shadow: "#2c2250",
    land: ["#b9a0cd", "#8f77ad", "#655289", "#3c305c"],
    water: ["#a88fc6", "#3e3266"],
    cloud: ["#f4dff0", "#b8a2d2"],
    rim: "#fff8ff",
    wash: "#d6b0ff",
    star: "#ffffff",
  },
  {
    name: "indigo",
    sky: ["#060a22", "#192a5c", "#4d73ab"],
    glow: "#a8c8f0",
    haze: "#6d8fc0",
    shadow: "#040818",
    land: ["#2d4376", "#20315c", "#152242", "#0a122a"],
    water: ["#2b4a80", "#08112a"],
    cloud: ["#7f9fd0", "#34507f"],
    rim: "#e2ecff",
    wash: "#6e95ff",
    star: "#eef4ff",
  },
  {
    name: "plum",
    sky: ["#1b0d29", "#4f2458", "#c56a8c"],
    glow: "#f2a8c0",
    haze: "#b07396",
    shadow: "#16081e",
    land: ["#84507f", "#5f3763", "#3f2247", "#22112a"],
    water: ["#8c4f7c", "#22102c"],
    cloud: ["#e2a4c2", "#8a5588"],
    rim: "#ffe2f0",
    wash: "#ff88b8",
    star: "#fff0f6",
  },
  {
    name: "forest",
    sky: ["#0b1a1f", "#244a48", "#d8c98c"],
    glow: "#fbe6a6",
    haze: "#a8b890",
    shadow: "#08130f",
    land: ["#5e7f62", "#3f624c", "#284737", "#132a20"],
    water: ["#5a8a78", "#10282a"],
    cloud: ["#e4dcae", "#7f9a80"],
    rim: "#fff8d6",
    wash: "#ffe08a",
    star: "#fffbea",
  },
  {
    name: "aurora",
    sky: ["#07122a", "#163e5a", "#7fe0b0"],
    glow: "#c8ffd8",
    haze: "#7cc4a8",
    shadow: "#050c1c",
    land: ["#3c6f78", "#27505e", "#183646", "#0b1d2c"],
    water: ["#3a7a80", "#0a1e2e"],
    cloud: ["#a8e6cf", "#4c8a8c"],
    rim: "#e4fff0",
    wash: "#7cffc0",
    star: "#f0fff6",
  },
  {
    name: "ember",
    sky: ["#180a1e", "#5a1a2e", "#e8704a"],
    glow: "#ffb27a",
    haze: "#c7705e",
    shadow: "#14060e",
    land: ["#8a4150", "#642a3e", "#421a2e", "#220c1a"],
    water: ["#9a4a4a", "#220c1c"],
    cloud: ["#f0a07a", "#9a4c5a"],
    rim: "#ffe0c0",
    wash: "#ff8a50",
    star: "#fff0e0",
  },
  {
    name: "frost",
    sky: ["#1a2340", "#5a6f9e", "#dfe8f6"],
    glow: "#f4f8ff",
    haze: "#b8c8e4",
    shadow: "#151c34",
    land: ["#a9b8d6", "#7f92b8", "#57698f", "#2f3c5c"],
    water: ["#90a6cc", "#2a3658"],
    cloud: ["#f0f4fc", "#aab8d4"],
    rim: "#ffffff",
    wash: "#c0d4ff",
    star: "#ffffff",
  },
];

export function palette(name: string): Palette {
  const p = PALETTES.find((q) => q.name === name);
  if (!p) throw new Error(`unknown palette ${name}`);
  return p;
}
