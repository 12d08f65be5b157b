export { accountNameOf as payerOf } from '../../layout/AccountName';
