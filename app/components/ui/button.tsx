import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

/** A button's or a button-like link's classes: the `.btn` component classes in app.css. */
export function buttonClass(variant: Variant = "primary", size: "sm" | "md" = "md") {
  return `btn btn-${size} btn-${variant}`;
}

export function Button({
  variant = "primary",
  size = "md",
  pending = false,
  className = "",
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: "sm" | "md"; pending?: boolean }) {
  return (
    <button
      className={`${buttonClass(variant, size)} ${className}`}
      disabled={pending || props.disabled}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : null}
      {children}
    </button>
  );
}
