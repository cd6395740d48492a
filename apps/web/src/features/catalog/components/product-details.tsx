import { ArrowLeft, Check, Truck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingState, NotFoundState } from '@/components/page-states.tsx';
import { primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { Price } from '@/components/price.tsx';
import { QuantityStepper } from '@/components/quantity-stepper.tsx';
import { StarRating } from '@/components/star-rating.tsx';
import type { ProductDetail } from '@shop/shared/catalog';
import { productPath, productVariantPath } from '@shop/shared/paths';
import { ShareLinks, usePageUrl } from '@/components/share-links.tsx';
import { WhatsAppLink } from '@/components/whatsapp-link.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cartItemFrom, isInStock } from '@/lib/product.ts';
import {
  CHOICE_MESSAGES,
  type Choice,
  chosenVariant,
  initialChoice,
  missingChoice,
  optionsOf,
  unavailableOptions,
} from '@/lib/variant-choice.ts';
import { useShopActions } from '@/lib/shop-actions.ts';
import { productOptions } from '@/lib/api/products.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { DEFAULT_SHOP_NAME } from '@/lib/seo.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { SimilarProducts } from './similar-products.tsx';
import { StockAlertForm } from './stock-alert-form.tsx';
import { VariantForm } from './variant-form.tsx';
import { WishlistHeart } from '@/components/wishlist-heart.tsx';
import { useQuery } from '@tanstack/react-query';

interface ProductDetailsProps {
  id: string;
  /** The reviews section (its own feature), placed under the product. */
  reviews?: ReactNode;
}

/**
 * /productdetails/{id}: photos, the product, choices, Buy Now and Add to Cart, "Ask on
 * WhatsApp" (when the shop has a number) and share links, reviews, similar products.
 */
export function ProductDetails({ id, reviews }: ProductDetailsProps) {
  const query = useQuery(productOptions(id));
  const navigate = useNavigate();
  // ?variant= (a catalogue feed's or a shared link): that size and colour, chosen.
  const variantId = useSearchParams()[0].get('variant');
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <NotFoundState
          title="Product not found"
          text="This product does not exist or is no longer sold."
          to="/new"
          action="See what is new"
        />
      );
    }
    return <NotFoundState title="Something went wrong" text="The product could not be loaded. Please try again." />;
  }
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-4 sm:px-6">
      <button
        type="button"
        onClick={back}
        className="mb-6 inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink noscript:hidden"
      >
        <ArrowLeft aria-hidden size={16} /> Back
      </button>
      <ProductBody key={query.data.id} product={query.data} variantId={variantId} />
      {reviews}
      <SimilarProducts productId={query.data.id} categoryId={query.data.categoryId} />
    </div>
  );
}

/**
 * "Ask on WhatsApp" and the share row: each reads the shop's name and number and the page's
 * address itself, so what arrives or changes after hydration re-renders these links and not
 * the product around them (components/share-links.tsx says why that matters).
 */
function AskOnWhatsApp({ path, title, choice }: { path: string; title: string; choice: Choice }) {
  const settings = useQuery(settingsOptions).data;
  const url = usePageUrl(path);
  return (
    <WhatsAppLink
      number={settings?.whatsappNumber}
      text={enquiry(settings?.storeName ?? DEFAULT_SHOP_NAME, title, choice, url)}
      className={`${secondaryButton} mt-3 w-full`}
    >
      Ask on WhatsApp
    </WhatsAppLink>
  );
}

function ShareProduct({ path, title }: { path: string; title: string }) {
  const shopName = useQuery(settingsOptions).data?.storeName ?? DEFAULT_SHOP_NAME;
  return <ShareLinks path={path} text={`${title} – ${shopName}`} className="mt-4" />;
}

/** What "Ask on WhatsApp" types in: the product, the size and colour chosen so far, and the page's address once known. */
function enquiry(shopName: string, title: string, choice: Choice, url: string | null): string {
  const chosen = [choice.size, choice.color].filter(Boolean).join(' / ');
  return `Hello ${shopName}, I'm interested in ${title}${chosen ? ` (${chosen})` : ''}${url ? ` – ${url}` : ''}`;
}

function ProductBody({ product, variantId }: { product: ProductDetail; variantId: string | null }) {
  const { addToCart, checkout } = useShopActions();
  const { variants } = product;
  const { sizes, colors } = optionsOf(variants);
  const [choice, setChoice] = useState<Choice>(() => initialChoice(variants, variantId));
  const [notice, setNotice] = useState<'size' | 'colour' | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [buying, setBuying] = useState(false);
  const variant = chosenVariant(variants, choice);
  const missing = missingChoice(variants, choice);
  // This page with the chosen variant: where "Add to Cart" without JavaScript comes back to.
  const variantPath = variant && variants.length > 1 ? productVariantPath(product.id, variant.id) : productPath(product.id);
  // Price, availability and stock follow the chosen size and colour; before that, the product's.
  const inStock = variant ? variant.availability === 'In Stock' : isInStock(product);
  const stock = variant ? variant.counter : product.counter;
  const colourImages = choice.color ? variants.find((v) => v.color === choice.color)?.imageUrls : undefined;
  const images = colourImages?.length
    ? colourImages
    : product.imageUrls.length > 0
      ? product.imageUrls
      : product.imageUrl
        ? [product.imageUrl]
        : [];

  const choose = (change: Partial<Choice>) => {
    setChoice((current) => ({ ...current, ...change }));
    setNotice(null);
    setQuantity(1);
  };

  // A size or colour tapped on the server's page before the app took it over is kept.
  useEffect(() => {
    const early = (group: string) => (document.querySelector(`#${group} input:checked`) as HTMLInputElement | null)?.value ?? '';
    const size = early('choose-size');
    const color = early('choose-colour');
    // The same choice is kept as it is (the server's page checks a product's only size): a new
    // object would re-render the whole product right after hydration, for nothing (issue 32).
    setChoice((current) =>
      (current.size || size) === current.size && (current.color || color) === current.color
        ? current
        : { size: current.size || size, color: current.color || color },
    );
  }, []);

  /** The chosen variant, or why there is none yet (the group asking for it gets the focus). */
  const ready = () => {
    const missing = missingChoice(variants, choice);
    if (missing) {
      setNotice(missing);
      document.getElementById(missing === 'size' ? 'choose-size' : 'choose-colour')?.focus();
      return undefined;
    }
    return variant;
  };

  const buyNow = async () => {
    const picked = ready();
    if (!picked) return;
    setBuying(true);
    try {
      await checkout({ kind: 'direct', lines: [{ productId: product.id, variantId: picked.id, quantity }] });
    } finally {
      setBuying(false);
    }
  };

  const onAddToCart = () => {
    const picked = ready();
    if (picked) addToCart(cartItemFrom(product, picked), quantity);
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-16">
      <ProductGallery key={choice.color} images={images} title={product.title} />
      <div>
        {product.brand && <p className="text-xs tracking-[0.2em] text-muted uppercase">{product.brand}</p>}
        <div className="mt-2 flex items-start justify-between gap-3">
          <h1 className="font-display text-3xl leading-tight sm:text-4xl">{product.title}</h1>
          <WishlistHeart productId={product.id} className="shrink-0 border border-line hover:border-ink" />
        </div>
        {product.heading && <p className="mt-2 text-lg text-muted">{product.heading}</p>}
        <div className="mt-4">
          <a href="#reviews" className="inline-block hover:underline">
            <StarRating value={product.ratingAverage} count={product.ratingCount} />
          </a>
        </div>
        {variant ? (
          <Price price={variant.price} discount={variant.discount} className="mt-5 text-2xl" />
        ) : (
          <Price price={product.price} discount={product.discount} from={product.priceFrom} className="mt-5 text-2xl" />
        )}
        <p
          className={`mt-3 flex items-center gap-1.5 text-sm font-medium ${inStock ? 'text-success' : 'text-sale'}`}
          data-testid="availability"
        >
          {inStock && <Check aria-hidden size={16} />}
          {inStock ? 'In Stock' : 'Out of Stock'}
          {inStock && stock <= 5 && <span className="font-normal text-muted">· only {stock} left</span>}
        </p>

        <noscript>
          <div className="mt-8">
            <VariantForm product={product} chosen={variant?.id} />
          </div>
        </noscript>
        <div className="mt-8 space-y-6 empty:hidden noscript:hidden">
          <ChoiceGroup
            id="choose-size"
            legend="Size"
            name="size"
            options={sizes}
            value={choice.size}
            onChange={(size) => choose({ size })}
            unavailable={unavailableOptions(variants, choice, 'size')}
            error={notice === 'size' ? CHOICE_MESSAGES.size : undefined}
          />
          <ChoiceGroup
            id="choose-colour"
            legend="Colour"
            name="color"
            options={colors}
            value={choice.color}
            onChange={(color) => choose({ color })}
            unavailable={unavailableOptions(variants, choice, 'color')}
            error={notice === 'colour' ? CHOICE_MESSAGES.colour : undefined}
          />
        </div>
        {/*
          "Add to Cart" is a form: without JavaScript it posts to /cart/add, which answers 303 back
          to this page (decision 0033); with it, the submit is the app's instant add as before.
        */}
        <form
          method="post"
          action="/cart/add"
          onSubmit={(event) => {
            event.preventDefault();
            onAddToCart();
          }}
        >
          {variant && <input type="hidden" name="variantId" value={variant.id} />}
          <input type="hidden" name="back" value={variantPath} />
          <div className="mt-6">
            <p className="mb-2 text-xs font-semibold tracking-[0.14em] uppercase" id="quantity-label">
              Quantity
            </p>
            <QuantityStepper id="quantity" name="quantity" value={quantity} max={Math.max(stock, 1)} onChange={setQuantity} />
          </div>

          <div className="mt-8 grid gap-3 sm:grid-cols-2">
            <button type="button" className={`${primaryButton} noscript:hidden`} disabled={!inStock || buying} onClick={buyNow}>
              {buying ? 'Processing...' : 'Buy Now'}
            </button>
            {/* A sold-out variant cannot be sent; without JavaScript nor one chosen yet, there is nothing to send. */}
            <button type="submit" className={`${secondaryButton} ${variant ? '' : 'noscript:hidden'}`} disabled={!inStock}>
              Add to Cart
            </button>
            {missing && (
              <noscript>
                <p className="text-sm text-muted">{CHOICE_MESSAGES[missing]}</p>
              </noscript>
            )}
          </div>
        </form>
        {/* A sold-out size and colour (not a paused product's): "Tell me when it is back" (issue 31). */}
        {variant && variant.counter <= 0 && <StockAlertForm key={variant.id} variant={variant} />}
        {/* Share and "Ask on WhatsApp" send the chosen variant's link, whose page shows its photo and price. */}
        <AskOnWhatsApp path={variantPath} title={product.title} choice={choice} />
        <p className="mt-4 flex items-center gap-2 text-sm text-muted">
          <Truck aria-hidden size={16} /> Delivery across Nigeria in 2 to 5 working days.
        </p>
        <ShareProduct path={variantPath} title={product.title} />

        {product.description && (
          <div className="mt-10 border-t border-line pt-6">
            <h2 className="text-xs font-semibold tracking-[0.14em] uppercase">Description</h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-ink/85">{product.description}</p>
          </div>
        )}
      </div>
    </div>
  );
}
