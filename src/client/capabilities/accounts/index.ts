// What other capabilities use of accounts: the registration form's fields, which the
// organisations' registration shares. Nothing here imports a style sheet, so a page that
// takes a field takes no other capability's styles with it.
export { EmailField } from './EmailField';
export { NewPasswordFields } from './NewPasswordFields';
export { NewsletterCheckbox } from './NewsletterCheckbox';
export { TERMS_LABEL, TermsCheckbox } from './TermsCheckbox';
export { useSignInAfterRegistration } from './useSignInAfterRegistration';
