import { defineBackground } from "wxt/utils/define-background";

export default defineBackground(() => {
  // Filled in by the extension work: context menus, badge, offline queue.
});
