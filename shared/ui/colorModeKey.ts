/** Where the chosen colour mode (light, dark or system) is kept; its own module so a page can read it before MUI loads. */
export const COLOR_MODE_STORAGE_KEY = 'ai_vault_color_mode';
