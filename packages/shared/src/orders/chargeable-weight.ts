/** Spec §9: the volumetric weight divisor (cm³ per gram). */
export const VOLUMETRIC_DIVISOR = 5;

export interface WeighedItem {
  quantity: number;
  /** Grams per piece. */
  itemWeight: number;
  /** Centimetres. */
  itemWidth: number;
  itemHeight: number;
  itemLength: number;
}

/** The sum of quantity times item weight, in grams. */
export function actualWeight(items: readonly WeighedItem[]): number {
  return items.reduce((total, item) => total + item.quantity * item.itemWeight, 0);
}

/**
 * The volumetric weight: the pieces stacked into one parcel, as wide and as long as the widest and longest
 * piece and as high as all pieces together (each piece of a line counts, so quantity multiplies height).
 */
export function volumetricWeight(items: readonly WeighedItem[]): number {
  if (items.length === 0) return 0;
  const width = Math.max(...items.map((item) => item.itemWidth));
  const length = Math.max(...items.map((item) => item.itemLength));
  const height = items.reduce((total, item) => total + item.quantity * item.itemHeight, 0);
  return (width * height * length) / VOLUMETRIC_DIVISOR;
}

/**
 * Spec §5: the chargeable weight is the larger of the actual and the volumetric weight, rounded up to whole
 * grams. Orders are priced by it.
 */
export function chargeableWeight(items: readonly WeighedItem[]): number {
  // Rounding the float product first keeps 0.1 + 0.2 style noise from adding a gram.
  const larger = Math.max(actualWeight(items), volumetricWeight(items));
  return Math.ceil(Math.round(larger * 1000) / 1000);
}
