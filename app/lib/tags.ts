/** "1 post", "3 posts": how the Tags screen, its dialogs and its toasts count a tag's posts. */
export function postCount(n: number) {
  return `${n} ${n === 1 ? "post" : "posts"}`;
}
