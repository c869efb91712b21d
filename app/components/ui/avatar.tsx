/** "Acme Robotics" → "AR": what stands in for a missing picture or logo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join("")
    .toUpperCase();

/** A picture, or the initials when there is none. */
export function Avatar({ name, url, size = "size-8" }: { name: string; url: string | null; size?: string }) {
  if (url) return <img src={url} alt="" className={`${size} rounded-full object-cover`} />;
  return (
    <span className={`${size} flex items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700`} aria-hidden>
      {initialsOf(name)}
    </span>
  );
}
