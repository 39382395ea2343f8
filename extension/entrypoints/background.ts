export default defineBackground(() => {
  // Filled in by the extension work: context menus, badge, offline queue.
});
