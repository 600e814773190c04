// The model Claude Code writes for a message it made itself (an API error shown as a reply): no
// model ran, so no view takes it for the agent's model. Pure.
export const SYNTHETIC_MODEL = '<synthetic>';
