import type * as React from "react";
import { cn } from "#src/lib/cn.ts";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#src/ui/card.tsx";

/**
 * The frame of every account widget: a card whose title is the page's `<h1>` on a page of its own
 * (login, sign-up, ...) or an `<h2>` among other sections (the account page). `wide` for the
 * longer forms (sign-up, the account page's).
 */
export function AuthCard({
  titleId,
  title,
  description,
  headingLevel = 1,
  wide = false,
  footer,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "title"> & {
  titleId?: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  headingLevel?: 1 | 2 | 3;
  footer?: React.ReactNode;
  wide?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className={cn("w-full", wide ? "max-w-xl" : "max-w-md", className)} {...props}>
      <CardHeader>
        <CardTitle asChild>
          <Heading id={titleId}>{title}</Heading>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer ? (
        <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter>
      ) : null}
    </Card>
  );
}

export const textLinkClassName = "font-medium text-primary underline-offset-4 hover:underline";
