// Tests run with a small ANTI_BOT_DIFFICULTY (test-app.ts), so solving is quick.
export { proofOfWorkFrom as proofOfWork } from '../anti-bot/solve';
