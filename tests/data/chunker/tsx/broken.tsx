import { useMemo } from "react";

// This component is mid-edit: the JSX below is unbalanced.
export function Summary({ items }: { items: string[] }) {
  const total = useMemo(() => items.length, [items]);
  return (
    <div>
      <Badge count={total}>
      <p>{items.join(", ")}</p>
    </div>
  );
}

export const useToggle = (initial = false) => {
  const [on, setOn] = useState(initial);
  return [on, () => setOn(!on)] as const;
};
