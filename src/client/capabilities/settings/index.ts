// What other capabilities use of settings: the privacy policy shows the legal notice's contact.
export { PrivacyContact } from './LegalNoticePage';
