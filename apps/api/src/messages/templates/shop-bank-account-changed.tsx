/**
 * To every Owner: the bank account shoppers pay transfers to was changed, by whom, from what to
 * what (numbers masked). A changed account is how a thief with a staff password would divert
 * the shop's money, so the owners hear of it at once, whoever did it.
 */
import { Action, EmailLayout, Facts, P, type TemplateProps, Title } from './layout.tsx';

export function ShopBankAccountChanged({ changedBy, before, after, adminUrl, shop }: TemplateProps<'shop-bank-account-changed'>) {
  return (
    <EmailLayout shop={shop} toShop preview={`${changedBy} changed where shoppers' bank transfers go.`}>
      <Title>{`${shop.name}'s bank account for transfers was changed`}</Title>
      <P>{`${changedBy} changed the bank account shown to shoppers who pay by transfer.`}</P>
      <Facts
        rows={[
          ['Before', `${before.bankName || '(none)'}, ${before.accountName || '(none)'}, ${before.accountNumber || '(none)'}`],
          ['Now', `${after.bankName || '(none)'}, ${after.accountName || '(none)'}, ${after.accountNumber || '(none)'}`],
        ]}
      />
      <P>
        If you did not expect this, check the account in the settings at once, change your staff's passwords, and end their
        sessions on the Staff page: transfers from now on go to the new account.
      </P>
      <Action href={adminUrl}>Open the settings</Action>
    </EmailLayout>
  );
}
