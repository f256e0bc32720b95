/** How many items stand where they belong, and whether that is all of them. */
export function checkOrder(
  order: readonly string[],
  correct: readonly string[],
): { inPlace: number; isCorrect: boolean } {
  const inPlace = order.filter((id, index) => correct[index] === id).length;
  return { inPlace, isCorrect: inPlace === correct.length && order.length === correct.length };
}
