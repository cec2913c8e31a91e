// /operators: the console's own admin accounts. Who may sign in, the invitations still open, and what an operator
// does about them: invite (a one-time link to hand over: there is no mail server), reset a password (the same kind of
// link), reset another operator's two-factor sign-in, grant admin to an existing user, revoke it (never from the last
// active admin), withdraw an invitation.
// The answer's capabilities say which of these the stack offers; the others are not shown.
import { useCallback, useState } from 'react';
import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import PersonAddAlt from '@mui/icons-material/PersonAddAltOutlined';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { Operator, OperatorInvite, OperatorLink } from '../../../contract/schemas/operators';
import { errorReason, type ApiError } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { GrowingGridBox } from '../../components/GrowingGridBox';
import { usePageTitle } from '../../lib/usePageTitle';
import { selectSessionUser } from '../session';
import { GrantAdminDialog } from './components/GrantAdminDialog';
import { InviteOperatorDialog } from './components/InviteOperatorDialog';
import { InvitesTable } from './components/InvitesTable';
import { OneTimeLinkDialog } from './components/OneTimeLinkDialog';
import { OperatorsGrid } from './components/OperatorsGrid';
import {
  useListOperatorsQuery,
  useResetOperatorMfaMutation,
  useResetOperatorPasswordMutation,
  useRevokeAdminMutation,
  useWithdrawInviteMutation,
} from './operatorsApi';
import { operatorLabel, RESET_MFA_LABEL, resetMfaText } from './operatorText';
import { RetryAlert } from '../../components/RetryAlert';
import { PageHeading } from '../../components/PageHeading';

const NO_CAPABILITIES = { invite: false, resetPassword: false, grant: false, resetMfa: false };

/** The load failure, with what a 404 means here: an API without the operator routes. */
export function loadFailureText(error: unknown): string {
  const reason = errorReason(error);
  if ((error as Partial<ApiError> | null)?.status === 404) {
    return `Failed to load operators: ${reason} (this API has no operator routes: a hosted API in Firebase mode may not offer them yet).`;
  }
  return `Failed to load operators: ${reason}`;
}

function summary(operators: Operator[]): string {
  const active = operators.filter((o) => o.accountActive).length;
  return `${operators.length} ${operators.length === 1 ? 'operator' : 'operators'}, ${active} active`;
}

/** A set state that marks a key busy while `work` runs. */
function useBusy<K>() {
  const [busy, setBusy] = useState<ReadonlySet<K>>(new Set());
  const track = useCallback(async <T,>(key: K, work: () => Promise<T>): Promise<T> => {
    setBusy((b) => new Set(b).add(key));
    try {
      return await work();
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(key);
        return next;
      });
    }
  }, []);
  return [busy, track] as const;
}

export default function OperatorsPage() {
  usePageTitle('Operators');
  const ownUid = useAppSelector(selectSessionUser)?.uid ?? null;
  const list = useListOperatorsQuery();
  const operators = list.data?.operators ?? [];
  const invites = list.data?.invites ?? [];
  const capabilities = list.data?.capabilities ?? NO_CAPABILITIES;

  const [busyOperators, trackOperator] = useBusy<string>();
  const [busyInvites, trackInvite] = useBusy<number>();
  const [resetPassword, { isLoading: resetting }] = useResetOperatorPasswordMutation();
  const [revokeAdmin, { isLoading: revoking }] = useRevokeAdminMutation();
  const [withdrawInvite, { isLoading: withdrawing }] = useWithdrawInviteMutation();
  const [resetMfa, { isLoading: resettingMfa }] = useResetOperatorMfaMutation();

  const [inviteOpen, setInviteOpen] = useState(false);
  const [grantOpen, setGrantOpen] = useState(false);
  const [link, setLink] = useState<OperatorLink | null>(null);

  // Each confirmation keeps whom it asks about apart from `open`, so its text does not change while it fades out.
  const [toReset, setToReset] = useState<Operator | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [toRevoke, setToRevoke] = useState<Operator | null>(null);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [toWithdraw, setToWithdraw] = useState<OperatorInvite | null>(null);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [toResetMfa, setToResetMfa] = useState<Operator | null>(null);
  const [resetMfaOpen, setResetMfaOpen] = useState(false);

  const onResetPassword = useCallback((operator: Operator) => {
    setToReset(operator);
    setResetOpen(true);
  }, []);
  const onRevoke = useCallback((operator: Operator) => {
    setToRevoke(operator);
    setRevokeOpen(true);
  }, []);
  const onResetMfa = useCallback((operator: Operator) => {
    setToResetMfa(operator);
    setResetMfaOpen(true);
  }, []);

  // Failures: the mutations' toasts say what went wrong (operatorText.ts); the dialog closes either way.
  async function confirmReset() {
    if (!toReset) return;
    const target = { uid: toReset.uid, label: operatorLabel(toReset) };
    try {
      const made = await trackOperator(target.uid, () => resetPassword(target).unwrap());
      setLink(made);
    } catch {
      // toasted
    }
    setResetOpen(false);
  }
  async function confirmRevoke() {
    if (!toRevoke) return;
    const target = { uid: toRevoke.uid, label: operatorLabel(toRevoke) };
    await trackOperator(target.uid, () => revokeAdmin(target).unwrap()).catch(() => undefined);
    setRevokeOpen(false);
  }
  async function confirmResetMfa() {
    if (!toResetMfa) return;
    const target = { uid: toResetMfa.uid, label: operatorLabel(toResetMfa) };
    await trackOperator(target.uid, () => resetMfa(target).unwrap()).catch(() => undefined);
    setResetMfaOpen(false);
  }
  async function confirmWithdraw() {
    if (!toWithdraw) return;
    const invite = toWithdraw;
    await trackInvite(invite.id, () => withdrawInvite(invite).unwrap()).catch(() => undefined);
    setWithdrawOpen(false);
  }

  const loaded = list.data !== undefined;
  const revokingSelf = toRevoke !== null && toRevoke.uid === ownUid;
  const resetLabel = toReset ? operatorLabel(toReset) : 'the operator';
  const revokeLabel = toRevoke ? operatorLabel(toRevoke) : 'the operator';
  const resetMfaLabel = toResetMfa ? operatorLabel(toResetMfa) : 'the operator';

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <PageHeading title="Operators" rowGap={1.5}>
        <Stack direction="row" spacing={1}>
          {capabilities.grant && (
            <Button variant="outlined" startIcon={<AdminPanelSettings />} onClick={() => setGrantOpen(true)}>
              Grant admin
            </Button>
          )}
          {capabilities.invite && (
            <Button variant="contained" startIcon={<PersonAddAlt />} onClick={() => setInviteOpen(true)}>
              Invite operator
            </Button>
          )}
        </Stack>
      </PageHeading>

      <Stack spacing={3}>
        <Paper component="section" aria-labelledby="operators-heading" sx={{ p: 2.5 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap' }}>
            <Typography id="operators-heading" variant="h6" component="h2">
              Admin accounts
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="operators-count">
              {list.isLoading ? 'Loading operators…' : loaded ? summary(operators) : ''}
            </Typography>
          </Stack>
          {list.isError && (
            <RetryAlert sx={{ mb: 1.5 }} onRetry={() => void list.refetch()}>
              {loadFailureText(list.error)}
            </RetryAlert>
          )}
          <GrowingGridBox rowCount={operators.length} minHeight={200}>
            <OperatorsGrid
              rows={operators}
              loading={list.isFetching}
              noRowsLabel={list.isError ? 'The operators could not be loaded.' : 'No operators.'}
              capabilities={capabilities}
              ownUid={ownUid}
              busy={busyOperators}
              onResetPassword={onResetPassword}
              onRevoke={onRevoke}
              onResetMfa={onResetMfa}
            />
          </GrowingGridBox>
        </Paper>

        {(capabilities.invite || !loaded) && !list.isError && (
          <Paper component="section" aria-labelledby="invites-heading" sx={{ p: 2.5 }}>
            <Typography id="invites-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Open invitations
            </Typography>
            <InvitesTable
              invites={invites}
              loading={list.isLoading}
              busy={busyInvites}
              onWithdraw={(invite) => {
                setToWithdraw(invite);
                setWithdrawOpen(true);
              }}
            />
          </Paper>
        )}
      </Stack>

      <InviteOperatorDialog
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        onInvited={(made) => {
          setInviteOpen(false);
          setLink(made);
        }}
      />
      <GrantAdminDialog open={grantOpen} onClose={() => setGrantOpen(false)} />
      <OneTimeLinkDialog link={link} onClose={() => setLink(null)} />

      <ConfirmDialog
        open={resetOpen}
        title={`Reset the password of ${resetLabel}?`}
        message={`This makes a one-time link with which ${resetLabel} sets a new password. It is shown once and works once, for a limited time; nothing is e-mailed: you hand it over. The current password keeps working until the link is used, and using it signs ${resetLabel} out everywhere.`}
        confirmLabel="Make reset link"
        pending={resetting}
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetOpen(false)}
      />
      <ConfirmDialog
        open={revokeOpen}
        title={`Revoke admin from ${revokeLabel}?`}
        message={`${revokeLabel} is signed out everywhere and can no longer sign in to the console. Their user record stays, and admin can be granted again later.${revokingSelf ? ' This is your own account: you will be signed out at once.' : ''}`}
        confirmLabel="Revoke admin"
        destructive
        pending={revoking}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevokeOpen(false)}
      />
      <ConfirmDialog
        open={resetMfaOpen}
        title={`Reset the two-factor sign-in of ${resetMfaLabel}?`}
        message={resetMfaText(resetMfaLabel)}
        confirmLabel={RESET_MFA_LABEL}
        destructive
        pending={resettingMfa}
        onConfirm={() => void confirmResetMfa()}
        onCancel={() => setResetMfaOpen(false)}
      />
      <ConfirmDialog
        open={withdrawOpen}
        title="Withdraw the invitation?"
        message={`The invitation for ${toWithdraw?.email ?? 'this address'} is withdrawn: its link stops working. You can invite them again later.`}
        confirmLabel="Withdraw"
        destructive
        pending={withdrawing}
        onConfirm={() => void confirmWithdraw()}
        onCancel={() => setWithdrawOpen(false)}
      />
    </Container>
  );
}
