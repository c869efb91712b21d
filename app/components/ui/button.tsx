import type { ButtonHTMLAttributes } from "react";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

export function buttonClass(variant: keyof typeof variants = "primary", size: "sm" | "md" = "md") {
  const sizing = size === "sm" ? "px-3 py-1.5 text-sm" : "px-4 py-2";
  return `inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed ${sizing} ${variants[variant]}`;
}

export function Button({
  variant = "primary",
  size = "md",
  pending = false,
  className = "",
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants; size?: "sm" | "md"; pending?: boolean }) {
  return (
    <button className={`${buttonClass(variant, size)} ${className}`} disabled={pending || props.disabled} aria-busy={pending || undefined} {...props}>
      {pending ? <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : null}
      {children}
    </button>
  );
}
