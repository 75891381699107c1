import { Trans } from "@lingui/react/macro";
import { TriangleAlert } from "lucide-react";
import { Button } from "#src/ui/button.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#src/ui/tooltip.tsx";

/** The error state: the account service is unreachable; a click retries. */
export function AccountUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline-warning" size="sm" onClick={onRetry}>
          <TriangleAlert aria-hidden="true" />
          <Trans>Account unavailable</Trans>
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom" align="end">
        <Trans>We could not reach the account service. Click to try again.</Trans>
      </TooltipContent>
    </Tooltip>
  );
}
