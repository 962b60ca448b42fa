/**
 * The parts of the join page whose code loads at the visitor's first act (./join-parts-chunk.ts):
 * the register form and the social login buttons.
 */
export { RegisterForm } from './RegisterForm';
export { SocialButtons } from './SocialButtons';
