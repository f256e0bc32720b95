/** A fresh id for a widget or a widget's item (quiz option, permutation option), unique in practice. */
export function newCompId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}
