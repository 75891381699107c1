import { ChevronDown } from "lucide-react";
import type { HomeQuestion } from "#src/content/page-data.ts";
import { cn } from "#src/lib/cn.ts";
import { Prose } from "#src/ui/prose.tsx";

/**
 * Questions as native disclosure rows (`<details>`): they open with a click, Enter or Space and
 * need no script. Answers are markdown rendered and sanitised at build time.
 */
export function FaqList({ questions, className }: { questions: HomeQuestion[]; className?: string }) {
  return (
    <div data-slot="faq-list" className={cn("divide-y divide-border border-y border-border", className)}>
      {questions.map(({ question, answerHtml }) => (
        <details key={question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left rounded-sm font-medium focus-visible:outline-offset-4 [&::-webkit-details-marker]:hidden">
            {question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            />
          </summary>
          <Prose tone="muted" className="pb-5" dangerouslySetInnerHTML={{ __html: answerHtml }} />
        </details>
      ))}
    </div>
  );
}
