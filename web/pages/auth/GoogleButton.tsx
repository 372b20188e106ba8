/** The shared Google button (shared/ui, also used by the extension). */
export { GoogleButton } from '@/shared/ui/GoogleButton.tsx';
