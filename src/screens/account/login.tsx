import type { ActionResult } from "../../auth/action-result.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { useAction } from "../../forms/use-action.ts";
import { LoginForm } from "../../widgets/auth/login-form.tsx";

export type LoginScreenProps = {
  login: (email: string, password: string) => Promise<ActionResult<AuthUser>>;
  /** After a successful login (the route sends the visitor back where they came from). */
  onLoggedIn: () => void;
};

export function LoginScreen({ login, onLoggedIn }: LoginScreenProps) {
  const [state, run] = useAction(login);
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <LoginForm
        status={state.status}
        errors={state.errors}
        message={state.message}
        onSubmit={async ({ email, password }) => {
          if ((await run(email, password))?.success) onLoggedIn();
        }}
      />
    </div>
  );
}
