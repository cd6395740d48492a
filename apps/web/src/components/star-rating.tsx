import { Star } from 'lucide-react';

interface StarRatingProps {
  /** 0 to 5, may be fractional. */
  value: number;
  count?: number;
  size?: number;
}

/** Five stars filled to the average, with the number of reviews. */
export function StarRating({ value, count, size = 16 }: StarRatingProps) {
  const label =
    count === 0 ? 'No reviews yet' : `Rated ${value.toFixed(1)} out of 5${count === undefined ? '' : ` from ${count} reviews`}`;
  return (
    <div className="flex items-center gap-2">
      <span role="img" aria-label={label} className="flex">
        {[1, 2, 3, 4, 5].map((n) => {
          const fill = Math.max(0, Math.min(1, value - (n - 1)));
          return (
            <span key={n} className="relative inline-block" style={{ width: size, height: size }}>
              <Star aria-hidden size={size} className="absolute inset-0 text-line" fill="currentColor" strokeWidth={0} />
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden size={size} className="text-gold" fill="currentColor" strokeWidth={0} />
              </span>
            </span>
          );
        })}
      </span>
      {count !== undefined && (
        <span aria-hidden className="text-sm text-muted">
          {count > 0 ? `${value.toFixed(1)} (${count})` : 'No reviews yet'}
        </span>
      )}
    </div>
  );
}
